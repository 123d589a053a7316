// Compiling the scoring .wasm, with no import: a browser Worker can start the download and compile
// before it evaluates the rest of its bundle (web/lib/scoring-wasm.ts), and the facade instantiates
// the compiled module later (wasm-instance.ts).

/** Where the .wasm comes from: its bytes, a URL / Response to fetch them from, or the module already compiled. */
export type ScoringSource =
  | BufferSource
  | URL
  | string
  | Response
  | Promise<Response>
  | WebAssembly.Module
  | Promise<WebAssembly.Module>;

/** The compiled module of `source` (a compiled module is passed through). */
export async function compileScoringWasm(source: ScoringSource): Promise<WebAssembly.Module> {
  let src: unknown = await source;
  if (src instanceof WebAssembly.Module) return src;
  if (typeof src === 'string' || src instanceof URL) src = await fetch(src);
  if (typeof Response !== 'undefined' && src instanceof Response) {
    if (!src.ok) throw new Error(`scoring: cannot load the .wasm (HTTP ${src.status})`);
    // Compile while downloading when the server labels the file correctly (browsers require it).
    return typeof WebAssembly.compileStreaming === 'function' &&
      src.headers.get('content-type')?.startsWith('application/wasm')
      ? WebAssembly.compileStreaming(src)
      : WebAssembly.compile(await src.arrayBuffer());
  }
  return WebAssembly.compile(src as BufferSource);
}
