import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import packageJson from '../../../package.json';
import { LOCALES, loadMessages } from '../../../web/lib/messages';

// findBy* and waitFor give up after 1 s by default; on a 2-core machine running two test files at
// once a render can take longer than that. They return as soon as the condition holds, so a longer
// limit costs nothing when the code is right.
configure({ asyncUtilTimeout: 5_000 });

// Vite injects the version at build time; tests provide it the same way.
(globalThis as Record<string, unknown>).__APP_VERSION__ = packageJson.version;

// happy-dom lacks a few browser APIs that Chakra's (zag) machines call.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const g = globalThis as Record<string, unknown>;
g.ResizeObserver ??= NoopObserver;
g.IntersectionObserver ??= NoopObserver;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;
// A desktop window (happy-dom's default is 1024 x 768): below 1280 px the side menu starts as icons.
(window as unknown as { happyDOM?: { setViewport(v: { width: number; height: number }): void } }).happyDOM?.setViewport(
  {
    width: 1440,
    height: 900,
  },
);

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// The app loads a language's messages when it starts in it or switches to it (web/lib/messages.ts);
// tests render and switch synchronously, so both are loaded before any test.
await Promise.all(LOCALES.map((locale) => loadMessages(locale)));
