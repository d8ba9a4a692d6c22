import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const LOCALES_DIR = fileURLToPath(new URL('./src/i18n/locales/', import.meta.url));
/** Keys the pages before sign-in need (auth pages, banner, error page, toasts). */
const BOOT_PREFIXES = ['com_auth_', 'com_app_'];
const BOOT_ID = 'virtual:boot-strings';
/** A locale folder name as languages.ts spells codes (letters and hyphens): nothing else reaches a path. */
const LOCALE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** The files each locale is served as (under assets/locales/<code>/<kind>.<version>.json). */
const LOCALE_KINDS = ['boot', 'translation', 'agent-builder'] as const;
type LocaleKind = (typeof LOCALE_KINDS)[number];
const LOCALE_URL = /^\/assets\/locales\/([^/]+)\/(boot|translation|agent-builder)\.[0-9a-f]+\.json$/;

function readStrings(code: string, file: string): Record<string, unknown> {
  const path = join(LOCALES_DIR, code, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};
}

function bootSubset(code: string): Record<string, unknown> {
  const all = readStrings(code, 'translation.json');
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => BOOT_PREFIXES.some((p) => key.startsWith(p))),
  );
}

function localeFile(code: string, kind: LocaleKind): Record<string, unknown> {
  return kind === 'boot' ? bootSubset(code) : readStrings(code, `${kind}.json`);
}

/** The translated locales: every folder but English's. */
function localeCodes(): string[] {
  return readdirSync(LOCALES_DIR).filter((code) => code !== 'en' && LOCALE_CODE.test(code));
}

/** One version for all locale files, from their contents: a changed translation gets new URLs. */
function localesVersion(): string {
  const hash = createHash('sha256');
  for (const code of localeCodes().sort()) {
    for (const kind of LOCALE_KINDS) hash.update(`${code}/${kind}:${JSON.stringify(localeFile(code, kind))}`);
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * `virtual:boot-strings`: English's strings for the signed-out pages (com_auth_*, com_app_*), so
 * the first page does not download every string of the app, and `localesVersion`. Every other
 * locale is written as plain JSON files, assets/locales/<code>/{boot,translation,agent-builder}.
 * <version>.json, that the page fetches for the chosen language only: their URLs are built from
 * the code, so the page carries no table of them and a language nobody chose costs it nothing.
 * The dev server answers the same URLs from the source folders.
 */
function bootStrings(): Plugin {
  return {
    name: 'parley-boot-strings',
    resolveId: (source) => (source === BOOT_ID ? `\0${source}` : undefined),
    load(resolved) {
      if (resolved !== `\0${BOOT_ID}`) return undefined;
      for (const code of ['en', ...localeCodes()])
        this.addWatchFile(join(LOCALES_DIR, code, 'translation.json'));
      return `export default ${JSON.stringify(bootSubset('en'))};\nexport const localesVersion = ${JSON.stringify(localesVersion())};`;
    },
    generateBundle() {
      const version = localesVersion();
      for (const code of localeCodes()) {
        for (const kind of LOCALE_KINDS) {
          this.emitFile({
            type: 'asset',
            fileName: `assets/locales/${code}/${kind}.${version}.json`,
            source: JSON.stringify(localeFile(code, kind)),
          });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = LOCALE_URL.exec(req.url ?? '');
        const code = match?.[1];
        if (!match || !code || !LOCALE_CODE.test(code) || !localeCodes().includes(code)) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(localeFile(code, match[2] as LocaleKind)));
      });
    },
  };
}

/** The libraries both apps start with (src/app/app-switch.tsx). */
const START_VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|zustand|clsx|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|defaultAttributes|Icon|shared))[\\/.]/;
/**
 * The app's own modules that both /login and /c/new load at start: they ride in the vendor chunk
 * instead of as a handful of small files that each compress poorly.
 */
const START_SOURCES =
  /src[\\/](app[\\/]use-document-sync|api[\\/]auth-api|features[\\/]banner[\\/]banner-slot|features[\\/]toasts[\\/](toast-store|toaster)|components[\\/]ui[\\/](logo|text-field|icon-tooltips-on-demand))\.tsx?$/;

/**
 * The signed-out app's own modules (its frame, navigation, the login page and what only it uses):
 * one chunk for /login instead of a dozen small ones. Only these files, not what they import, so
 * nothing the signed-in app also loads is pulled in with them.
 */
const AUTH_SOURCES =
  /src[\\/](app[\\/]auth-app|features[\\/]auth[\\/](auth-pages|auth-layout|auth-link|auth-location|auth-frame|legal-links|social-logins|login-page|login-error|oauth-error|validation|use-form-fields|use-human-check)|features[\\/]passkeys[\\/]passkey-sign-in(-button)?|lib[\\/]ip-host)\.tsx?$/;

// The dev server proxies the API to a locally running Parley server (npm run dev at the root).
export default defineConfig({
  plugins: [react(), tailwindcss(), bootStrings()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      '/health': { target: 'http://localhost:3080' },
    },
  },
  // Workers as ES modules so their dynamic imports (shiki languages) stay separate chunks.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Two vendor chunks, one per app (src/app/app-switch.tsx): what the signed-out pages
        // need (React, i18next, the small store and class helpers), loaded with every page, and
        // what only the signed-in app needs (router, React Query), loaded with that app. Each is
        // one request and one gzip dictionary instead of several small files that compress poorly.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) => START_VENDOR.test(id) || START_SOURCES.test(id),
              priority: 2,
            },
            { name: 'auth', test: AUTH_SOURCES, priority: 1, includeDependenciesRecursively: false },
            {
              name: 'vendor-app',
              test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query)|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
