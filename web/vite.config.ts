import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { themeConfig } from './app/theme-config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * main.tsx imports the app dynamically so that boot's requests start before the app's code is
 * evaluated; index.html still preloads (downloads and compiles, without running) every chunk the app
 * needs at start, so they arrive in parallel instead of being discovered one import at a time, and links
 * their stylesheets (the frame's, web/app/shell/shell.css), which the dynamic import would otherwise
 * add and wait for only once main.tsx runs.
 */
function preloadAppChunks(appModule: string): Plugin {
  return {
    name: 'preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return undefined;
        const app = Object.values(bundle).find(
          (item): item is OutputChunk => item.type === 'chunk' && item.facadeModuleId === appModule,
        );
        if (!app) throw new Error(`preload-app-chunks: no chunk for ${appModule}`);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss.forEach((css) =>
            styles.add(css),
          );
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        return [
          ...[...styles]
            .filter((file) => !html.includes(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...[...files]
            .filter((file) => !html.includes(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * Chakra's global CSS (reset, global styles and ~600 token variables) is built here, once, instead of
 * in every browser at start: there createSystem() derived it (~10 ms) and ChakraProvider serialised and
 * inserted it through emotion (~15 ms) before the first render. The build renders ChakraProvider with
 * the app's theme on the server, which yields exactly the CSS emotion would insert, and index.html links
 * it; AppProviders then hands ChakraProvider nothing to insert (web/app/providers.tsx). Chakra's
 * createSystem() is patched to derive that CSS only when asked (dev and tests still ask).
 */
function prebuiltChakraGlobalCss(): Plugin {
  let fileName = '';
  return {
    name: 'prebuilt-chakra-global-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const [{ createElement }, { renderToString }, chakra, { defaultThemeConfig }] = await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('@chakra-ui/react'),
        import('@chakra-ui/react/theme'),
      ]);
      // The same three configs as web/app/theme.ts.
      const system = chakra.createSystem(
        chakra.defaultBaseConfig,
        defaultThemeConfig,
        chakra.defineConfig(themeConfig),
      );
      // oxlint-disable-next-line react/no-children-prop -- createElement outside JSX: ChakraProvider's props require children
      const html = renderToString(createElement(chakra.ChakraProvider, { value: system, children: null }));
      const css = [...html.matchAll(/<style data-emotion="[^"]*">([\s\S]*?)<\/style>/g)]
        .map((match) => match[1])
        .join('\n');
      if (!css.startsWith('@layer ') || !css.includes('--chakra-colors-brand-600'))
        this.error('prebuilt-chakra-global-css: ChakraProvider no longer renders its global CSS as expected');
      fileName = `assets/chakra-global-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js')) return null;
      const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
      if (!code.includes(eager) || !code.includes('    _global,\n'))
        this.error("prebuilt-chakra-global-css: Chakra's createSystem() changed; update the patch");
      return code
        .replace(eager, 'let _globalCss;')
        .replace(
          '    _global,\n',
          '    get _global() { return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n',
        );
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${fileName}`, 'data-chakra-global-css': true },
          injectTo: 'head',
        },
      ],
    },
  };
}

/**
 * `graphql(\`...\`)` from the generated module (web/lib/gql) finds its document in a map of every
 * document the web sends, so whichever chunk imports it first would carry them all: the first chunk,
 * through boot's prefetches. In the build each call becomes its own document text instead, so every
 * document ships with the code that sends it (what the client preset's babel plugin does). The types
 * come from the same call when type-checking; the guard tests keep the generated map equal to the sources.
 * The formatter moves a long literal onto a line of its own with a trailing comma, so the pattern
 * allows whitespace and that comma around the literal.
 */
export function inlineTypedDocuments(): Plugin {
  const importOfGraphql = /^import \{ graphql \} from '(?:\.\.?\/)+(?:lib\/)?gql';\r?\n/m;
  return {
    name: 'inline-typed-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (!file.startsWith(webRoot.replaceAll('\\', '/')) || file.includes('/lib/gql/') || !importOfGraphql.test(code))
        return null;
      const inlined = code.replace(importOfGraphql, '').replace(/\bgraphql\(\s*(`[^`]*`)\s*,?\s*\)/g, '$1');
      if (/\bgraphql\(/.test(inlined))
        this.error(`inline-typed-documents: a graphql() call in ${id} is not a single template literal`);
      return { code: inlined, map: null };
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    inlineTypedDocuments(),
    react(),
    preloadAppChunks(fileURLToPath(new URL('./app/render-app.tsx', import.meta.url))),
    prebuiltChakraGlobalCss(),
  ],
  // The footer shows the product version; one source of truth is package.json.
  define: { __APP_VERSION__: JSON.stringify(packageJson.version) },
  // Module workers with their own chunks: the result page's data worker starts its request from a small
  // entry while the Arrow decoder and the scoring core load beside it (web/features/results/data/results.worker.ts).
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    // The scoring .wasm must stay a separate file: it is streamed and compiled, never a data URL.
    assetsInlineLimit: (filePath: string) => (filePath.endsWith('.wasm') ? false : undefined),
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Chakra's preset module builds an unused `defaultSystem` and merges an unused `defaultConfig`
      // at load (neither call is marked pure): ~40 ms and a deep copy of every token and recipe on
      // every page load. The app builds its own system from the presets (web/app/theme.ts).
      treeshake: { manualPureFunctions: ['createSystem', 'mergeConfigs'] },
      output: {
        // Chakra's entry-aware groups can import each other in a cycle; which cycle depends on the set
        // of pages, and one (after the result page joined) ran a chunk before the one it reads from
        // ("_ is not a function" at first load). Strict order wraps modules so bodies run in source order.
        strictExecutionOrder: true,
        // Libraries change far less often than the app: in their own chunks they stay in the
        // browser cache across deployments. React and Chakra are split apart because they are
        // upgraded independently.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|jotai|swr|wouter|regexparam|use-sync-external-store|rosetta|dequal)[\\/]/,
              priority: 20,
            },
            {
              name: 'vendor-chakra',
              test: /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|@internationalized|@swc|stylis|proxy-compare|proxy-memoize|hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]/,
              priority: 10,
              entriesAware: true,
              entriesAwareMergeThreshold: 20_000,
            },
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
      // The columns, certificate, live and event routes (the event stream stays open: no timeout).
      '/api': { target: apiTarget, changeOrigin: true, timeout: 0, proxyTimeout: 0 },
    },
  },
});
