import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted the frame of the component's first commit, then true (in a
 * transition): what renders only once it is true stays out of the commit that first shows the rows.
 */
export function useAfterPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    // A frame callback runs before that frame is painted; the next frame's callbacks run once it has
    // been, and a task queued from there renders without holding up the frame after the rows either.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => startTransition(() => setShown(true)), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return shown;
}
