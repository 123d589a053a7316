/**
 * After a full page load, the first logged-in frame shows the page before the frame's extras
 * (top-bar menus, footer, overlays; see <AfterFirstPaint>). Boot marks that load; every other mount
 * (the frame after a login, tests) renders everything at once. Kept free of React and Chakra: boot
 * imports it before the app's code is evaluated.
 */
let deferExtras = false;

/** Boot: the coming first frame of the logged-in app may leave its extras for right after the paint. */
export function deferFrameExtrasOnce(): void {
  deferExtras = true;
}

export function frameExtrasDeferred(): boolean {
  return deferExtras;
}

/** The first frame has committed: later mounts render their extras at once. */
export function frameExtrasShown(): void {
  deferExtras = false;
}
