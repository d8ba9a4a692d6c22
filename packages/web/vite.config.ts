import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a locally running Parley server (npm run dev at the root).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      '/health': { target: 'http://localhost:3080' },
    },
  },
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
