// Display rules of scores: integer rounding, traffic light, OES suggestion.
// Pure functions, identical on server and browser; the numbers themselves come from the WASM core.

/** A score (0..100, NaN = null) as the integer that is displayed and exported: half up; null stays null. */
export function roundScore(score: number): number | null {
  return Number.isNaN(score) ? null : Math.floor(score + 0.5);
}

export type TrafficLight = 'green' | 'light green' | 'yellow' | 'red' | 'grey';

/** Traffic light of a score on its rounded integer: green 80-100, light green 60-79, yellow 40-59, red 0-39, grey = null. */
export function trafficLight(score: number): TrafficLight {
  const v = roundScore(score);
  if (v === null) return 'grey';
  return v >= 80 ? 'green' : v >= 60 ? 'light green' : v >= 40 ? 'yellow' : 'red';
}

export type OesSuggestion = 'remove' | 'should be removed' | 'stay';

/** Suggestion for an OES: [0, 40) remove, [40, 60) should be removed, [60, 100] stay; null for null. */
export function oesSuggestion(oes: number): OesSuggestion | null {
  if (Number.isNaN(oes)) return null;
  return oes < 40 ? 'remove' : oes < 60 ? 'should be removed' : 'stay';
}
