// The one scoring facade that api/ (under Bun) and web/ (in the browser) import. It loads the WASM
// instance and joins the kernel calls (wasm-scoring.ts), the open-ended classifier and the
// pipelines into one object; no pointer ever leaves the facade. Keep it free of node: imports so
// Vite can bundle it.
import type { NumericScoring } from './types.ts';
import { WasmHeap, type WasmMatrix } from './wasm-memory.ts';
import { WasmScoring } from './wasm-scoring.ts';
import { instantiateScoring, type ScoringSource } from './wasm-instance.ts';
import { createTextClassifier, type TextClassifier } from './text.ts';
import { createPipeline, type Pipeline } from './pipeline.ts';
import { createChunkedPipeline, type ChunkedPipeline } from './pipeline-chunked.ts';
import { createBehaviourScoring } from './behaviour-wasm.ts';
import type { BehaviourScoring } from './behaviour.ts';

export * from './types.ts';
export * from './behaviour.ts';
export * from './cleaning-columns.ts';
export * from './cleaning-settings.ts';
export * from './cleaning-guard.ts';
export * from './duplicate-rule.ts';
export * from './datafile-weights.ts';
export * from './source-removals.ts';
export { WasmMatrix } from './wasm-memory.ts';
export { composePipeline } from './pipeline-compose.ts';
export { roundScore, trafficLight, oesSuggestion, type TrafficLight, type OesSuggestion } from './bands.ts';
export { markInconsistent } from './labels.ts';
export type { Pipeline } from './pipeline.ts';
export type { ChunkedPipeline, ChunkedPipelineShape, PipelineChunk } from './pipeline-chunked.ts';
export type {
  OpenQuestion,
  OpenQuestionConfig,
  OpenAnswerParadata,
  ClassificationResult,
  TextClassifier,
  OpenEndedSession,
} from './text.ts';
export { CATEGORY_SCORES, CATEGORY_NAMES } from './text.ts';
export { AI_REASONS, AI_SUSPECT, AI_THRESHOLDS, EFFORT_NAMES } from './text-ai.ts';

export { SCORING_VERSION } from './version.ts';

export type { ScoringSource } from './wasm-instance.ts';

/** The facade: numeric scores plus resident matrices and the open-ended classifier. */
export interface Scoring extends NumericScoring, BehaviourScoring, TextClassifier, Pipeline, ChunkedPipeline {
  /** Allocates a resident column-major matrix to fill once (e.g. a million interviews) and reuse. */
  matrix(rows: number, cols: number): WasmMatrix;
}

/**
 * Loads the scoring core from its .wasm bytes or URL. The same file serves the server (Bun) and the
 * browser. Throws when the .wasm was built from other sources than this facade expects.
 */
export async function loadScoring(source: ScoringSource): Promise<Scoring> {
  const exports = await instantiateScoring(source);
  const facade = new WasmScoring(new WasmHeap(exports));
  const text = createTextClassifier(facade.heap);
  const pipeline = createPipeline(facade.heap);
  const chunked = createChunkedPipeline(facade.heap);
  const behaviour = createBehaviourScoring(facade.heap);
  return Object.assign(facade, {
    behaviourCategories: behaviour.behaviourCategories,
    bas: behaviour.bas,
    classifyOpenEnded: text.classifyOpenEnded.bind(text),
    openEndedSession: text.openEndedSession.bind(text),
    scoreAll: pipeline.scoreAll.bind(pipeline),
    scoreChunked: chunked.scoreChunked.bind(chunked),
  }) as unknown as Scoring;
}
