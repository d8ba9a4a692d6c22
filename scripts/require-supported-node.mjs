// Imported first by `npm start` and `npm run admin`: on a Node.js older than package.json's
// `engines.node` they stop at once with a message naming the version needed, instead of failing
// later inside a dependency that needs newer Node (ldapts, @fastify/static and @fastify/cookie
// already require 22).
import { requiredNodeRange, unsupportedNodeMessage } from './node-version-check.mjs';

const problem = unsupportedNodeMessage(process.versions.node, requiredNodeRange());
if (problem) {
  console.error(problem);
  process.exit(1);
}
