/**
 * After a full page load, the first logged-in frame shows the page before the frame's extras
 * (top-bar menus, footer, overlays; see <AfterFirstPaint>). Boot marks that load; every other mount
 * (the frame after a login, tests) renders everything at once. Kept free of React and Chakra: boot
 * imports it before the app's code is evaluated.
 */
let deferExtras = false;

/**
 * A page whose content comes after its first frame (the result page's and the worksheet's interviews
 * load and decode then) holds the extras until that content is shown: their queries and renders
 * would otherwise share the two busiest moments, the data's arrival and its first paint, with it.
 */
let content: { promise: Promise<void>; release: () => void; timer?: ReturnType<typeof setTimeout> } | null = null;

/** How long after the first frame the extras wait at most for a page's content (a page that never says). */
export const EXTRAS_WAIT_MS = 1_500;

/** Boot: the coming first frame of the logged-in app may leave its extras for right after the paint. */
export function deferFrameExtrasOnce(): void {
  deferExtras = true;
}

/** Boot: the page of this load says when its content is shown (pageContentShown); the extras wait for it. */
export function holdFrameExtrasForContent(): void {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  content = { promise, release };
}

export function frameExtrasDeferred(): boolean {
  return deferExtras;
}

/** What the first frame's extras wait for beyond its paint: the page's content, at most EXTRAS_WAIT_MS. */
export function frameExtrasWait(): Promise<void> | null {
  if (!content) return null;
  content.timer ??= setTimeout(pageContentShown, EXTRAS_WAIT_MS);
  return content.promise;
}

/** The page's content (or its final state: an error, nothing to show) has been shown. */
export function pageContentShown(): void {
  if (!content) return;
  clearTimeout(content.timer);
  content.release();
  content = null;
}

/** The first frame has committed: later mounts render their extras at once. */
export function frameExtrasShown(): void {
  deferExtras = false;
}
