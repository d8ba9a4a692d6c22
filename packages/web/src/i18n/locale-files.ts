import { localesVersion } from 'virtual:boot-strings';
import { ENGLISH, LANGUAGES } from './languages';
import type { LoadersByLocale } from './locale-bundles';

/** The files each translated locale is served as (see the boot-strings plugin in vite.config.ts). */
export type LocaleFileKind = 'boot' | 'translation' | 'agent-builder';

async function fetchStrings(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * A loader of `kind` for every offered locale but English, each fetching that locale's JSON file
 * when called. The URLs are built from the code, so no table of files ships with the page.
 */
export function localeFileLoaders(kind: LocaleFileKind): LoadersByLocale {
  return Object.fromEntries(
    LANGUAGES.filter((l) => l.code !== ENGLISH).map((l) => [
      l.code,
      () =>
        fetchStrings(`${import.meta.env.BASE_URL}assets/locales/${l.code}/${kind}.${localesVersion}.json`),
    ]),
  );
}
