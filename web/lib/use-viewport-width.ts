import { useSyncExternalStore } from 'react';

/** Below this width only the desktop-only message shows (spec section 9). */
export const DESKTOP_MIN_WIDTH = 1024;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => DESKTOP_MIN_WIDTH);
}

export function useIsDesktop(): boolean {
  return useViewportWidth() >= DESKTOP_MIN_WIDTH;
}
