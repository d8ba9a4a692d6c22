// `npm run admin -- <command>`: the compiled admin CLI (built first when its sources changed).
import './require-supported-node.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_DIST, buildServerIfStale } from './server-build.mjs';

await buildServerIfStale();
await import(pathToFileURL(join(SERVER_DIST, 'admin.mjs')).href);
