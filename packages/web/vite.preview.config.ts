import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The artifact preview page (artifact-preview.html), built on its own after the app into the
 * same dist/ folder. A separate build so no chunk is shared with the app: the preview imports
 * whole libraries (every lucide icon, all of date-fns) for artifacts, and in a shared build those
 * would become the app's chunks too and undo its tree shaking.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    emptyOutDir: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: { 'artifact-preview': new URL('./artifact-preview.html', import.meta.url).pathname },
    },
  },
});
