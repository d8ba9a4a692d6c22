import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server). This file sits one level below it in the
 * sources (src/) and the production bundle one level below it too (dist/main.mjs), so the same
 * relative step finds it from both.
 */
export const SERVER_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
