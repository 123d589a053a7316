import { useSyncExternalStore } from 'react';

/** Below this width only the desktop-only message shows. */
export const DESKTOP_MIN_WIDTH = 1024;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => DESKTOP_MIN_WIDTH,
  );
}

function subscribePrint(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
  query?.addEventListener?.('change', onChange);
  window.addEventListener('beforeprint', onChange);
  window.addEventListener('afterprint', onChange);
  return () => {
    query?.removeEventListener?.('change', onChange);
    window.removeEventListener('beforeprint', onChange);
    window.removeEventListener('afterprint', onChange);
  };
}

const isPrinting = () => typeof window.matchMedia === 'function' && window.matchMedia('print').matches;

/** Printing lays the page out at paper width (under 1024 px): that is still the desktop app, not a small screen. */
export function useIsDesktop(): boolean {
  const printing = useSyncExternalStore(subscribePrint, isPrinting, () => false);
  return useViewportWidth() >= DESKTOP_MIN_WIDTH || printing;
}
