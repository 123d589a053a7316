// First: its module starts the page's chunk and the language's messages before boot's imports are evaluated.
import './app/start-chunks';
import { startFirstLoad } from './app/boot';

// The route chunk and the first requests start before the browser spends ~100 ms evaluating Chakra,
// the theme and the app (a static import would run all of that first), so the answers are usually
// there when React first renders (the target: first row within 300 ms). Keep boot's imports free of
// Chakra and the app's components.
startFirstLoad(window.location.pathname);

import('./app/render-app').catch((error: unknown) => {
  console.error('the app failed to load', error);
});
