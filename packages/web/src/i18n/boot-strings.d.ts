/** Built by the `parley-boot-strings` plugin in vite.config.ts: the com_auth_* and com_app_* strings. */
declare module 'virtual:boot-strings' {
  const strings: Record<string, string>;
  export default strings;
}
