// Entry point of the scoring core: every export is a kernel over raw addresses of arrays that the
// TypeScript facade (scoring/index.ts) wrote into this module's memory. Numbers in, numbers out.

/** Bumped whenever any formula or default changes, so stored and recalculated scores can be compared. */
export const SCORING_VERSION: i32 = 18;

/** Allocates `bytes` of memory for the facade (8-byte aligned). */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes == 0 ? 8 : bytes);
}

/** Frees memory obtained from `alloc`. */
export function dealloc(ptr: usize): void {
  heap.free(ptr);
}

export { timeScoreOf, timeMedians, timeScores, timeScoresGiven } from './time';
export { gridScores, ibsAggregate } from './grid';
export { ibsLineCounts, ibsLineWeights, ibsAggregateWeighted } from './grid-evidence';
export { longstring, irv } from './indices-rows';
export { mahad, evenodd, psychsyn } from './indices';
export { consistencyFit, consistencyModelBytes, consistencySampleCount, consistencySampleRow } from './consistency-fit';
export { consistencyRows, consistencyScores, consistencyAggregate, consistencyCalibrate } from './consistency';
export { projectiveQuestion, projectiveAccumulatorBytes, projectiveAccumulate, projectiveFinish, projectiveApply } from './projective';
export { projectiveAggregate, mcSds, rowMeans } from './projective-aggregate';
export { categoryScore, oesAggregate, combinedScores, certificateLevel, credits } from './combine';
export { clean } from './cleaning';
export { behaviourClassify, behaviourAggregate } from './behaviour';
export { chiSquareQuantile } from './stats';
export { textAddWords, textInitKeyboard } from './text-lists';
export { textAddCoreWords, textSetAiPhrases } from './text';
export { textAnalyseTexts, textClassifyAnswers, textFinalCategories, textSurveyReset, textSurveyAdd, textWrongTopic, textTopicResolve } from './text-question';
export { textDuplicateAnswers } from './text-clusters';
