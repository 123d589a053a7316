import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted what the component shows once `painted` is true, then true (in a
 * transition): what renders only once it is true stays out of the commit that first shows the page's
 * rows. `frames` frames are painted first (2: also the frame after, which a bench may read as "painted");
 * while `painted` is false, `fallbackMs` (if given) turns it true anyway (a large file's slow first rows).
 */
export function useAfterPaint(
  painted = true,
  { frames = 1, fallbackMs }: { frames?: number; fallbackMs?: number } = {},
) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    const show = () => startTransition(() => setShown(true));
    if (!painted) {
      if (fallbackMs === undefined) return undefined;
      const timer = setTimeout(show, fallbackMs);
      return () => clearTimeout(timer);
    }
    // A frame callback runs before that frame is painted, so the callback of frame n + 1 runs after
    // frame n was; a task queued from the last one renders without holding up the next frame either.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const wait = (left: number) => {
      frame = requestAnimationFrame(() => {
        if (left > 1) wait(left - 1);
        else timer = setTimeout(show, 0);
      });
    };
    wait(frames);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted, shown, frames, fallbackMs]);
  return shown;
}
