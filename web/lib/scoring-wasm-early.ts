// Imported first by a Worker's entry: ES modules run in import order, so the scoring .wasm's download
// and compile start here, before the modules imported after this one (Arrow, the scoring facade, the
// engine) are evaluated. The result is awaited by getScoring(); a failure is retried there.
import { compiledScoringWasm } from './scoring-wasm.ts';

void compiledScoringWasm().catch(() => undefined);
