import { startTransition, useEffect, useState } from 'react';

/** How long the page waits for the first rows before it renders the rest anyway (a large file's first run). */
export const REST_WAIT_MS = 800;

/**
 * Whether the worksheet's parts besides its table (the rules, quota, duplicates, impact, audit trail)
 * render yet: they come right after the browser painted the table's first rows, so the rows wait
 * neither for their render nor for their styling, or after REST_WAIT_MS when no rows came. The switch
 * runs in a transition: React renders them in slices the browser may paint between.
 */
export function useAfterRows(rowsShown: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    const show = () => startTransition(() => setShown(true));
    if (!rowsShown) {
      const timer = setTimeout(show, REST_WAIT_MS);
      return () => clearTimeout(timer);
    }
    // A frame callback runs before that frame is painted; a task queued from it runs after the paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [rowsShown, shown]);
  return shown;
}
