/**
 * Built by the `parley-boot-strings` plugin in vite.config.ts: the com_auth_* and com_app_* strings
 * of English, and a lazy loader of the same subset for every other locale folder.
 */
declare module 'virtual:boot-strings' {
  const strings: Record<string, string>;
  export default strings;
  export const bootLoaders: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
}
