// The app's scoring .wasm, downloaded and compiled apart from the facade's code. A Worker imports this
// module first, so the download and the compile (off the thread, while streaming) run while the rest
// of its bundle is evaluated, instead of after it. Vite emits the .wasm as an asset (vite.config keeps
// .wasm out of assetsInlineLimit) and rewrites this URL.
import { compileScoringWasm } from '../../scoring/wasm-compile.ts';

let compiling: Promise<WebAssembly.Module> | undefined;

/** The compiled scoring core: started on the first call, then shared. A failed download is retried on the next call. */
export function compiledScoringWasm(): Promise<WebAssembly.Module> {
  compiling ??= compileScoringWasm(fetch(new URL('../../scoring/build/scoring.wasm', import.meta.url))).catch(
    (error: unknown) => {
      compiling = undefined;
      throw error;
    },
  );
  return compiling;
}
