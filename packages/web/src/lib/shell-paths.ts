/**
 * Whether a path is one the signed-in shell shows (/, /c/…, /search): the page that boots there
 * starts the shell's code and data at once and shows the shell's skeleton while they arrive.
 * index.html repeats this test inline (it runs before any module).
 */
export function isShellPath(pathname: string): boolean {
  return /^\/(c(\/.*)?|search)?$/.test(pathname);
}
