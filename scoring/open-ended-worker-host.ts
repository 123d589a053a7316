// Inside the Worker of open-ended-worker.ts: one session of the scoring core's classifier, fed chunk
// by chunk; the result goes back with its arrays transferred, not copied.
import { loadScoringFromDisk } from './load-node.ts';
import type { OpenEndedSession, Scoring } from './index.ts';
import { unpackAnswers, type FromHost, type ToHost } from './open-ended-worker.ts';

declare const self: Worker;

// The listener is in place before the core has loaded, so no message is missed; they are handled in
// the order they came once it has.
const loading = loadScoringFromDisk();
let queue: Promise<void> = Promise.resolve();
let session: OpenEndedSession | undefined;
// After a failure the remaining messages are ignored: the caller gets the error at finish.
let failed = false;

const send = (message: FromHost, transfer: Transferable[] = []) => self.postMessage(message, transfer);

function handle(scoring: Scoring, message: ToHost): void {
  if (failed) return;
  try {
    if (message.type === 'start') session = scoring.openEndedSession(message.questions);
    else if (message.type === 'add') session!.add(message.answers.map(unpackAnswers), message.paradata);
    else {
      const result = session!.finish(message.order ? { order: message.order } : {});
      const buffers = [...result.categories, ...result.unsure, ...result.clusters].map((a) => a.buffer as ArrayBuffer);
      send({ type: 'result', result }, buffers);
    }
  } catch (error) {
    failed = true;
    session?.dispose();
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

self.addEventListener('message', (event: MessageEvent<ToHost>) => {
  queue = queue
    .then(async () => handle(await loading, event.data))
    .catch((error: unknown) => {
      failed = true;
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    });
});
