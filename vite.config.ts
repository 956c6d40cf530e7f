import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './client/build/precompress.ts';
import { routeHints } from './client/build/routeHints.ts';

/**
 * The web client. index.html sits at the repository root and loads client/main.tsx; the build goes to
 * dist/client, which the server serves with an SPA fallback. In `vite` dev mode the API and the live
 * channel are proxied to the server on port 3000.
 */
export default defineConfig({
  plugins: [react(), routeHints(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by the route hints (client/build/routeHints.ts).
    manifest: true,
    // The charts chunk (report screen only) is large by nature; everything else stays well below this.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically is needed by every first load (login or signed in), all of
          // it: one file instead of the fourteen that automatic splitting cut it into, each a request
          // and a module for the browser to set up before the first line runs. Lazily loaded code keeps
          // its automatic chunks, so a screen still brings only what it uses.
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // antd's building blocks (@rc-component/*) do not declare themselves free of side effects, so
        // importing one name from a package's index ties every module that index re-exports to the
        // importer's chunks: antd's Input alone pulled the whole form engine and its validator into
        // the login screen (20 kB gzip). Their modules only define components and helpers (no
        // import-time effects, no CSS), so unused re-exports can be dropped.
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id),
      },
    },
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
