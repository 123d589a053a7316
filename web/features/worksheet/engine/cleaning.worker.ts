// The Web Worker entry of the cleaning engine: the scoring facade (the same .wasm as the server,
// loaded the way web/lib/scoring.ts loads it) lives here, so the main thread only paints.
// First import: starts the .wasm's download and compile before the rest of this bundle is evaluated.
import '../../../lib/scoring-wasm-early.ts';
import { loadScoring } from '../../../../scoring/index.ts';
import { getScoring } from '../../../lib/scoring.ts';
import { createEngineHost } from './host.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

interface WorkerScope {
  postMessage(message: FromWorker, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const host = createEngineHost(
  // A test or bench may name another build of the .wasm; the app uses the one Vite emitted.
  (wasmUrl) => (wasmUrl ? loadScoring(fetch(wasmUrl)) : getScoring()),
  (message, transfer) => scope.postMessage(message, transfer),
);
// The app's scoring core (compiling since the first import) is instantiated now: a worker started
// ahead of its data (warmCleaningWorker) has it ready by the time the data arrives.
void getScoring().catch(() => undefined);
scope.addEventListener('message', (event) => {
  void host.handle(event.data);
});
