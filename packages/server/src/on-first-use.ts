/**
 * A library the server imports the first time something asks for it, rather than at start: each
 * library an idle server never calls is memory held for nothing (see docs/architecture.md, "Idle
 * memory"). The answer is kept, so the import runs once; a failed import (a broken install) goes
 * to the caller that asked and is forgotten, so the next caller tries again.
 *
 * `load` must be a literal `() => import('name')`: the server's bundler splits each such import
 * into a chunk of its own, which is what keeps the library out of the start.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
