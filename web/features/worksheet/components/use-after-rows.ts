import { useAfterPaint } from '../../../components/layout/use-after-paint';

/** How long the page waits for the first rows before it renders the rest anyway (a large file's first run). */
export const REST_WAIT_MS = 800;

/**
 * Whether the worksheet's parts besides its table (the rules, quota, duplicates, impact, audit trail)
 * render yet: right after the browser painted the table's first rows, so the rows wait neither for
 * their render nor for their styling, or after REST_WAIT_MS when no rows came.
 */
export function useAfterRows(rowsShown: boolean): boolean {
  return useAfterPaint(rowsShown, { fallbackMs: REST_WAIT_MS });
}
