// The open-ended classification on the other core (server side, Bun): a session (text-session.ts)
// running in a Worker of its own. The upload job adds each chunk of answers as it parses them; the
// Worker runs pass A on the new texts meanwhile, and `finish` returns what `classifyOpenEnded` would
// have returned for all the answers at once. Not part of the browser facade (index.ts).
import type { ClassificationResult, OpenAnswerParadata, OpenQuestionConfig } from './text.ts';

/** Messages to the Worker (open-ended-worker-host.ts). */
export type ToHost =
  | { type: 'start'; questions: OpenQuestionConfig[] }
  | { type: 'add'; answers: PackedAnswers[]; paradata?: (OpenAnswerParadata | undefined)[] }
  | { type: 'finish'; order?: Float64Array };

/**
 * One question's answers as one string and each answer's length (-1: none). Cloning one long string
 * is a copy of its characters; cloning 8,192 short ones cost the parsing thread about a fifth of a
 * second per 100,000 interviews with three open questions. The lengths are transferred.
 */
export type PackedAnswers = { text: string; lengths: Int32Array };

export function packAnswers(answers: readonly (string | null | undefined)[]): PackedAnswers {
  const lengths = new Int32Array(answers.length);
  const parts: string[] = [];
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i];
    if (a == null) lengths[i] = -1;
    else {
      lengths[i] = a.length;
      parts.push(a);
    }
  }
  return { text: parts.join(''), lengths };
}

export function unpackAnswers({ text, lengths }: PackedAnswers): (string | null)[] {
  const out: (string | null)[] = new Array(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    const n = lengths[i]!;
    if (n < 0) out[i] = null;
    else {
      out[i] = text.slice(at, at + n);
      at += n;
    }
  }
  return out;
}

/** Messages from the Worker. */
export type FromHost = { type: 'result'; result: ClassificationResult } | { type: 'error'; message: string };

export interface OpenEndedWorker {
  /** Interviews added so far. */
  readonly rows: number;
  /** Sends the next interviews' answers (one array per question, all of one length) and optionally their paradata. */
  add(
    answers: readonly (readonly (string | null | undefined)[])[],
    paradata?: readonly (OpenAnswerParadata | undefined)[],
  ): void;
  /** Classifies everything added; the Worker ends afterwards. Rejects with the Worker's error, if any. */
  finish(options?: { order?: Float64Array }): Promise<ClassificationResult>;
  /** Stops the Worker without a result. */
  terminate(): void;
}

const HOST_URL = new URL('./open-ended-worker-host.ts', import.meta.url);

/** Starts a Worker with a session over `questions`. */
export function startOpenEndedWorker(questions: readonly OpenQuestionConfig[]): OpenEndedWorker {
  const worker = new Worker(HOST_URL);
  let rows = 0;
  let ended = false;
  // The first error the Worker reports (a bad chunk, a crash): finish rejects with it.
  let failure: Error | undefined;
  let settle: { resolve: (r: ClassificationResult) => void; reject: (e: Error) => void } | undefined;
  const end = () => {
    ended = true;
    worker.terminate();
  };
  const fail = (error: Error) => {
    failure ??= error;
    if (settle) {
      settle.reject(failure);
      settle = undefined;
      end();
    }
  };
  worker.addEventListener('message', (event: MessageEvent<FromHost>) => {
    const message = event.data;
    if (message.type === 'error') fail(new Error(message.message));
    else if (settle) {
      settle.resolve(message.result);
      settle = undefined;
      end();
    }
  });
  worker.addEventListener('error', (event: ErrorEvent) =>
    fail(new Error(`open-ended worker failed: ${event.message}`)),
  );
  const post = (message: ToHost) => worker.postMessage(message);
  post({ type: 'start', questions: questions.map((q) => ({ ...q })) });
  return {
    get rows() {
      return rows;
    },
    add(answers, paradata) {
      if (ended) throw new Error('scoring: open-ended worker already finished');
      if (answers.length !== questions.length)
        throw new RangeError(`${answers.length} answer columns for ${questions.length} open questions`);
      const m = answers[0]?.length ?? 0;
      answers.forEach((a, qi) => {
        if (a.length !== m) throw new RangeError(`open question ${qi + 1} has ${a.length} answers, expected ${m}`);
      });
      const packed = answers.map(packAnswers);
      worker.postMessage(
        { type: 'add', answers: packed, ...(paradata ? { paradata: [...paradata] } : {}) } satisfies ToHost,
        packed.map((p) => p.lengths.buffer as ArrayBuffer),
      );
      rows += m;
    },
    finish(options = {}) {
      if (ended) return Promise.reject(new Error('scoring: open-ended worker already finished'));
      if (failure) {
        end();
        return Promise.reject(failure);
      }
      return new Promise<ClassificationResult>((resolve, reject) => {
        settle = { resolve, reject };
        post({ type: 'finish', ...(options.order ? { order: options.order } : {}) });
      });
    },
    terminate() {
      if (settle) settle.reject(new Error('scoring: open-ended worker terminated'));
      settle = undefined;
      end();
    },
  };
}
