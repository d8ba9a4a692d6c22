// Runs the compiled server (packages/server/dist/main.mjs) in this process, stopping it when the
// process that started this one goes away. `npm start` comes here once its builds are fresh.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitWithParent } from './exit-with-parent.mjs';
import { SERVER_DIST } from './server-build.mjs';

exitWithParent();
await import(pathToFileURL(join(SERVER_DIST, 'main.mjs')).href);
