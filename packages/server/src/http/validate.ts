// The routes' request parser, which lives in validation/parse.ts because the services use it too
// (and the services may not import http/); the routes keep importing it from here.
export { parse } from '../validation/parse.ts';
