import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { frameExtrasDeferred, frameExtrasShown, frameExtrasWait, pageContentShown } from '../../lib/first-frame';

/**
 * Frame parts a page does not need to be usable (top-bar menus, footer, overlays). On the first frame
 * after a full page load they render right after the page's first commit instead of with it: the switch
 * runs in a transition, so React renders them in interruptible slices, the browser paints the page
 * first, and only this wrapper re-renders (the target: the first Organizations row within 300 ms of a
 * full load). A page whose content loads after its first frame (boot's holdFrameExtrasForContent)
 * has them wait until that content is shown. Anywhere else they render at once.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !frameExtrasDeferred());
  const [wait] = useState(() => (ready ? null : frameExtrasWait()));
  useEffect(() => {
    // Effects run after the whole commit, so every wrapper of that first frame has rendered deferred.
    frameExtrasShown();
    if (ready) return undefined;
    if (!wait) {
      startTransition(() => setReady(true));
      return undefined;
    }
    let live = true;
    void wait.then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [ready, wait]);
  return ready ? children : null;
}

/**
 * A page whose content loads after its first frame says when it is shown (`shown`: the content, or
 * what the page says instead: an error, nothing to show); the frame's extras wait for it on a full load.
 */
export function useContentShown(shown: boolean): void {
  useEffect(() => {
    if (!shown) return undefined;
    // After the frame that shows the content has been painted (the next frame's callbacks run once it
    // has), not in the commit before it: the extras' renders would hold up that frame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(pageContentShown, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
}
