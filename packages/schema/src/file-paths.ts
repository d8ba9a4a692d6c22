/**
 * The routes that serve a stored file's bytes: a user's file (`filePath` on the server) and an
 * avatar. Both take exactly a user id and a file id, which Parley mints as UUIDs.
 */
const OWN_FILE_PATH = /^\/api\/files\/(?:download|avatars)\/[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}$/;

/** Only there to resolve a path against; never contacted. */
const PLACEHOLDER_ORIGIN = 'http://parley.invalid';

/**
 * `path` when it names one of Parley's own file routes and nothing else, else null. A file
 * reference comes from stored content a user may have written (an imported conversation, shared
 * with others), and the web app fetches it with the viewer's session: `/api/files/../convos`
 * would make a viewer's browser call another API route as them. So the path must survive URL
 * normalisation unchanged (no `.`/`..` segments, backslashes or percent-encoding), carry no query
 * or fragment, stay on Parley's origin (no `//host`) and match a file route exactly.
 */
export function ownFilePath(path: unknown): string | null {
  if (typeof path !== 'string' || !OWN_FILE_PATH.test(path)) return null;
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  const unchanged =
    url.origin === PLACEHOLDER_ORIGIN && url.pathname === path && url.search === '' && url.hash === '';
  return unchanged ? path : null;
}
