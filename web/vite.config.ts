import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  // The footer shows the product version; one source of truth is package.json.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // The scoring .wasm must stay a separate file: it is streamed and compiled, never a data URL.
    assetsInlineLimit: (filePath: string) => (filePath.endsWith('.wasm') ? false : undefined),
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Chakra's preset module builds an unused `defaultSystem` at load (createSystem is not marked
      // pure): ~40 ms of main-thread work on every page load. The app builds its own system.
      treeshake: { manualPureFunctions: ['createSystem'] },
      output: {
        // Libraries change far less often than the app: in their own chunks they stay in the
        // browser cache across deployments. React and Chakra are split apart because they are
        // upgraded independently.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|jotai|swr|wouter|regexparam|use-sync-external-store|rosetta|dequal)[\\/]/, priority: 20 },
            { name: 'vendor-chakra', test: /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|@internationalized|@swc|stylis|proxy-compare|proxy-memoize|hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]/, priority: 10, entriesAware: true, entriesAwareMergeThreshold: 20_000 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/graphql': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true },
    },
  },
});
