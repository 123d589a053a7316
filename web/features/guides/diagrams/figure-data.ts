// Plain data of the guide figures, kept apart from the React drawings so that tests can read it anywhere.

/** The figures a guide can embed with `![caption](figure:name)`; the guard test checks every use. */
export const FIGURE_NAMES = [
  'data-path',
  'spreadsheet-layout',
  'time-score-curve',
  'score-bands',
  'combined-weights',
  'default-rules',
  'cleaning-flow',
  'projective-layout',
  'projective-shares',
] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

/**
 * The example answers of the item battery in the spreadsheet figure: row 3 of the sheet is a
 * straightliner, row 5 an alternating pattern, the others ordinary answers (a guard test holds the
 * figure's notes to the scoring core).
 */
export const BATTERY_ROWS: readonly (readonly number[])[] = [
  [4, 2, 5, 3, 4, 2, 4],
  [3, 3, 3, 3, 3, 3, 3],
  [2, 4, 3, 5, 1, 4, 2],
  [1, 2, 1, 2, 1, 2, 1],
  [4, 4, 5, 4, 3, 4, 4],
];
