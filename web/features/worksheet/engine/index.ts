// The worksheet's browser cleaning engine: a Web Worker with the scoring facade and a resident
// cleaning session (docs/worksheet.md, "The browser cleaning engine").
export {
  createCleaningEngine,
  earlyEngine,
  startEarlyEngine,
  startedEarlyEngine,
  warmCleaningWorker,
  type CleaningEngine,
  type CleaningEngineOptions,
} from './client.ts';
export { markLoad } from './load-marks.ts';
export { useCleaningEngine, type CleaningEngineInput, type CleaningEngineState } from './use-cleaning-engine.ts';
export type {
  CleaningRequest,
  Composition,
  EngineReady,
  EngineResult,
  EngineSource,
  GroupingInput,
  ManualDecision,
  ScoreAverage,
  WorkerLike,
} from './protocol.ts';
export { HISTOGRAM_BINS } from './protocol.ts';
