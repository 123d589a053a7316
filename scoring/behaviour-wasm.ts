// The behaviour score's kernels behind the facade: measures in, categories and BAS out.
import {
  BEHAVIOUR_MEASURES,
  BEHAVIOUR_THRESHOLDS,
  encodeBehaviourThresholds,
  type BehaviourMeasures,
  type BehaviourScoring,
  type BehaviourThresholds,
} from './behaviour.ts';
import { Arena, type WasmHeap } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';

type Kernel = (...args: number[]) => number;

export function createBehaviourScoring(heap: WasmHeap): BehaviourScoring {
  const k = (name: string) => heap.exports[name] as Kernel;
  const call = <T>(fn: (a: Arena) => T): T => {
    const arena = new Arena(heap);
    try {
      return fn(arena);
    } finally {
      arena.release();
    }
  };
  return {
    behaviourCategories(answers: readonly BehaviourMeasures[], thresholds: BehaviourThresholds = BEHAVIOUR_THRESHOLDS) {
      const n = answers.length;
      return call((a) => {
        const m = new Float64Array(n * BEHAVIOUR_MEASURES.length);
        BEHAVIOUR_MEASURES.forEach((key, j) => {
          for (let i = 0; i < n; i++) m[j * n + i] = answers[i]![key] ?? Number.NaN;
        });
        const measures = a.f64In(m);
        const cfg = a.f64In(encodeBehaviourThresholds(thresholds));
        const out = a.alloc(n * 4);
        k('behaviourClassify')(measures, n, cfg, out);
        return heap.i32(out, n).slice();
      });
    },
    bas(categories: readonly Int32Array[]) {
      const n = categories[0]?.length ?? 0;
      return call((a) => {
        const p = a.alloc(n * categories.length * 4);
        categories.forEach((c, j) => heap.i32(p + j * n * 4, n).set(c));
        const score = a.f64Out(n),
          dp = a.f64Out(n);
        k('behaviourAggregate')(p, n, categories.length, score, dp);
        return { score: a.read(score, n), dataPoints: a.read(dp, n), version: SCORING_VERSION };
      });
    },
  };
}
