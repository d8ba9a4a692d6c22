/**
 * Built by the `parley-boot-strings` plugin in vite.config.ts: English's com_auth_* and com_app_*
 * strings, and the version in the URLs of the other locales' files.
 */
declare module 'virtual:boot-strings' {
  const strings: Record<string, string>;
  export default strings;
  export const localesVersion: string;
}
