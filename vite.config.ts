import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web client. index.html sits at the repository root and loads client/main.tsx; the build goes to
 * dist/client, which the server serves with an SPA fallback. In `vite` dev mode the API and the live
 * channel are proxied to the server on port 3000.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The charts chunk (report screen only) is large by nature; everything else stays well below this.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});
