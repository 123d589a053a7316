// A stand-in for the result page's data worker (web/features/results/data/results.worker.ts) in happy-dom,
// which has no workers. Like the real one it takes the request it was started for from its name and later
// ones as messages. With `fetching` on, it answers each request as the real one would, by fetching it
// itself (the global fetch, which a test stubs) and answering with a table of as many rows as the body
// had bytes (nothing is decoded), the fields `fields` names and the route's revision and weights headers.
import { WORKER_NAME, type ToWorker, type WorkerRequest } from '../../../web/features/results/data/protocol';

type Listener = (event: { data: unknown }) => void;

export class FakeColumnsWorker {
  static started: FakeColumnsWorker[] = [];
  static fetching = false;
  /** The fields of every table answered by fetching. */
  static fields: string[] = [];
  readonly name: string;
  received: ToWorker[] = [];
  terminated = false;
  private listeners: Listener[] = [];

  constructor(_url: URL | string, options?: { name?: string }) {
    FakeColumnsWorker.started.push(this);
    this.name = options?.name ?? '';
    // As the real worker: the request it was started for comes before any message.
    if (this.name.startsWith(`${WORKER_NAME} `))
      this.receive(JSON.parse(this.name.slice(WORKER_NAME.length + 1)) as ToWorker);
  }

  static reset(): void {
    FakeColumnsWorker.started = [];
    FakeColumnsWorker.fetching = false;
    FakeColumnsWorker.fields = [];
  }

  static get last(): FakeColumnsWorker | undefined {
    return FakeColumnsWorker.started.at(-1);
  }

  /** What it was asked to do, without the aborts. */
  get requests(): WorkerRequest[] {
    return this.received.filter((m): m is WorkerRequest => m.type !== 'abort');
  }

  addEventListener(type: string, listener: Listener): void {
    if (type === 'message') this.listeners.push(listener);
  }

  postMessage(message: ToWorker): void {
    this.receive(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  send(data: unknown): void {
    for (const l of this.listeners) l({ data });
  }

  /** Answers request `id` with an empty table of `rows` rows. */
  answer(id: number, rows = 1): void {
    this.send({ type: 'table', id, table: { rows, numeric: {}, text: {}, fields: [] }, bytes: 1, ms: 1 });
  }

  private receive(message: ToWorker): void {
    this.received.push(message);
    if (FakeColumnsWorker.fetching && message.type !== 'abort') void this.fetchAndAnswer(message);
  }

  private async fetchAndAnswer(message: WorkerRequest): Promise<void> {
    const fields = FakeColumnsWorker.fields.map((name) => ({ name, numeric: true }));
    const res = await fetch(message.request.url, { headers: message.request.headers });
    if (!res.ok) {
      this.send({
        type: 'failed',
        id: message.id,
        failure: { status: res.status, code: 'GENERAL_ERROR', message: '' },
      });
      return;
    }
    const rows = (await res.arrayBuffer()).byteLength;
    this.send({
      type: 'table',
      id: message.id,
      table: { rows, numeric: {}, text: {}, fields },
      bytes: rows,
      ms: 1,
      revision: res.headers.get('x-datafile-revision') ?? undefined,
      weights: res.headers.get('x-datafile-weights') ?? undefined,
    });
  }
}
