// Worker steps of the test-only job kinds (test-kinds.ts): CPU-bound work with progress, and the
// ways a step can go wrong (memory, crash, endless loop, a refusal).
import { AppError } from '../../kernel/errors/errors';
import type { WorkerStepContext } from '../worker-step';

export type TestStepInput =
  | { mode: 'busy'; steps: number; stepMs: number }
  | { mode: 'hog'; mb: number }
  | { mode: 'crash' }
  | { mode: 'forever' }
  | { mode: 'refuse' }
  | { mode: 'scoring' }
  | { mode: 'thread' };

/** When this module was evaluated in its Worker, and how many steps that Worker ran ('thread'). */
const loadedAt = Date.now();
let runs = 0;
/** What `deps.jobs.warm(kind, early)` handed this Worker before its step, in order. */
const earlyGot: unknown[] = [];

/** What early work held (mode 'hog'), so it stays in memory. */
const held: Uint8Array[] = [];

/**
 * Records `value`; `{ mode: 'endless' }` never stops working (it yields, as a slow read does), and
 * `{ mode: 'hog', mb }` holds that much memory and then never stops either.
 */
export async function early(value: unknown, ctx: { blobs: unknown }): Promise<void> {
  earlyGot.push({ value, blobs: typeof ctx.blobs });
  const work = value as { mode?: string; mb?: number } | null;
  if (work?.mode === 'hog')
    for (let i = 0; i < (work.mb ?? 0); i++) {
      held.push(new Uint8Array(1024 * 1024).fill(i & 0xff));
      if (i % 16 === 0) await new Promise((r) => setTimeout(r, 1));
    }
  if (work?.mode === 'endless' || work?.mode === 'hog') for (;;) await new Promise((r) => setTimeout(r, 5));
}

export async function run(
  input: TestStepInput,
  ctx: WorkerStepContext,
): Promise<{
  spins: number;
  steps?: number;
  version?: string;
  bytes?: Uint8Array;
  loadedAt?: number;
  runs?: number;
  early?: unknown[];
}> {
  runs++;
  switch (input.mode) {
    case 'busy': {
      let spins = 0;
      for (let step = 0; step < input.steps; step++) {
        // Pure CPU: the thread never yields between progress points.
        const end = performance.now() + input.stepMs;
        while (performance.now() < end) spins++;
        ctx.progress(((step + 1) / input.steps) * 100);
      }
      return { spins, steps: input.steps, bytes: new Uint8Array(1024).fill(7) };
    }
    case 'hog': {
      const kept: Uint8Array[] = [];
      for (let i = 0; i < input.mb; i++) {
        kept.push(new Uint8Array(1024 * 1024).fill(i & 0xff));
        if (i % 16 === 0) await new Promise((r) => setTimeout(r, 1));
      }
      return { spins: kept.length };
    }
    case 'crash':
      // An error outside the step's promise chain: the Worker dies with an uncaught error.
      setTimeout(() => {
        throw new Error('boom outside the step');
      }, 0);
      return new Promise(() => {});
    case 'forever': {
      let spins = 0;
      for (;;) spins++;
    }
    case 'refuse':
      throw new AppError('HEADER_ROW_HAS_DUPLICATES', { column: 'q1', rows: [1, 2] });
    case 'scoring': {
      const scoring = await ctx.scoring();
      return { spins: 0, version: scoring.version };
    }
    case 'thread':
      return { spins: 0, loadedAt, runs, early: earlyGot };
  }
}
