import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMessages, startLocale } from '../lib/messages';
import { App } from './app';
import { loadScoringModule } from './load-scoring';
import { AppProviders } from './providers';

// The app's start-up as performance marks (tests/bench/pages/timeline.ts prints them beside the main thread's tasks).
performance.mark('app:evaluated');
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render needs the start language's messages; boot started loading them with the route's chunk.
await loadMessages(startLocale());
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);

// Fetch the scoring chunk (not the .wasm) once the first screen is up, so the worksheet opens without
// waiting; a failure here is retried when a page really needs it.
window.setTimeout(() => {
  loadScoringModule().catch(() => undefined);
}, 10_000);
