import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { frameExtrasDeferred, frameExtrasShown } from '../../lib/first-frame';

/**
 * Frame parts a page does not need to be usable (top-bar menus, footer, overlays). On the first frame
 * after a full page load they render right after the page's first commit instead of with it: the switch
 * runs in a transition, so React renders them in interruptible slices, the browser paints the page
 * first, and only this wrapper re-renders (the target: the first Organizations row within 300 ms of a
 * full load). Anywhere else they render at once.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => !frameExtrasDeferred());
  useEffect(() => {
    // Effects run after the whole commit, so every wrapper of that first frame has rendered deferred.
    frameExtrasShown();
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready ? children : null;
}
