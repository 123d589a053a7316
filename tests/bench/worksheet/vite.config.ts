// Builds the worksheet harness (the cleaning engine, its worker and the painting components on one
// page) for the Chromium test and bench:worksheet: `vite build --config tests/bench/worksheet/vite.config.ts --outDir <dir>`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    emptyOutDir: true,
    assetsInlineLimit: (filePath: string) => (filePath.endsWith('.wasm') ? false : undefined),
    chunkSizeWarningLimit: 4000,
  },
});
