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

function bootSubset(code: string): Record<string, unknown> {
  const all = JSON.parse(readFileSync(join(LOCALES_DIR, code, 'translation.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => BOOT_PREFIXES.some((p) => key.startsWith(p))),
  );
}

/**
 * `virtual:boot-strings`: the subset of the English strings that the signed-out pages use, so the
 * first page does not download every string of the app; the rest loads with the shell. It also
 * exports `bootLoaders`, one lazy import per other locale folder, each giving that locale's own
 * subset (`virtual:boot-strings/<code>`) as a chunk of its own: a language nobody chose costs the
 * first page one table entry, not its strings.
 */
function bootStrings(): Plugin {
  return {
    name: 'parley-boot-strings',
    resolveId: (source) =>
      source === BOOT_ID || source.startsWith(`${BOOT_ID}/`) ? `\0${source}` : undefined,
    load(resolved) {
      if (resolved === `\0${BOOT_ID}`) {
        const codes = readdirSync(LOCALES_DIR).filter(
          (code) =>
            code !== 'en' &&
            LOCALE_CODE.test(code) &&
            existsSync(join(LOCALES_DIR, code, 'translation.json')),
        );
        for (const code of ['en', ...codes]) this.addWatchFile(join(LOCALES_DIR, code, 'translation.json'));
        const loaders = codes.map(
          (code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(`${BOOT_ID}/${code}`)})`,
        );
        return `export default ${JSON.stringify(bootSubset('en'))};\nexport const bootLoaders = {${loaders.join(',')}};`;
      }
      if (!resolved.startsWith(`\0${BOOT_ID}/`)) return undefined;
      const code = resolved.slice(`\0${BOOT_ID}/`.length);
      if (!LOCALE_CODE.test(code)) throw new Error(`Not a locale code: ${code}`);
      this.addWatchFile(join(LOCALES_DIR, code, 'translation.json'));
      return `export default ${JSON.stringify(bootSubset(code))};`;
    },
  };
}

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
        // Everything every page needs ships as one vendor chunk: one request, and one gzip
        // dictionary instead of several small files that each compress poorly.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|clsx|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
