// Names of the columns route's output (api/modules/results/results.routes.ts) the page relies on.

/** raw.arrow columns when both files are asked for (file=all). */
export const RAW_PREFIX = 'raw:';

/** raw.arrow's first column: the interview's row in the uploaded file. */
export const SOURCE_ROW_COLUMN = '__source_row';

/** Name of the derived column "total duration / median" the data worker adds (the Time-Score's input). */
export const TIME_RATIO_COLUMN = 'derived.time_ratio';

/** The raw total-duration column (the Time-Score's input), if the revision has one. */
export function totalDurationColumn(
  points: readonly { dataPointType: string; role?: string | null; columns: string[] }[],
): string | undefined {
  return points.find((p) => p.dataPointType === 'DURATION' && p.role === 'TOTAL')?.columns[0];
}

/** Each grid's id and raw item columns (for the careless indices). */
export function gridItems(
  points: readonly { dataPointType: string; dataPointIdentifier: string; columns: string[] }[],
): { id: string; columns: string[] }[] {
  return points
    .filter((p) => p.dataPointType === 'ITEM_BATTERY')
    .map((p) => ({ id: p.dataPointIdentifier, columns: p.columns }));
}
