import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const EN_STRINGS = fileURLToPath(new URL('./src/i18n/locales/en/translation.json', import.meta.url));
/** Keys the pages before sign-in need (auth pages, banner, error page, toasts). */
const BOOT_PREFIXES = ['com_auth_', 'com_app_'];

/**
 * `virtual:boot-strings`: the subset of the English strings that the signed-out pages use, so the
 * first page does not download every string of the app; the rest loads with the shell.
 */
function bootStrings(): Plugin {
  const id = 'virtual:boot-strings';
  return {
    name: 'parley-boot-strings',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(EN_STRINGS);
      const all = JSON.parse(readFileSync(EN_STRINGS, 'utf8')) as Record<string, string>;
      const picked = Object.fromEntries(
        Object.entries(all).filter(([key]) => BOOT_PREFIXES.some((p) => key.startsWith(p))),
      );
      return `export default ${JSON.stringify(picked)};`;
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
