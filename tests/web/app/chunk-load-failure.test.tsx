import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkErrorBoundary } from '../../../web/components/feedback/chunk-error-boundary';
import { AppProviders } from '../../../web/app/providers';
import { appStore } from '../../../web/lib/session';
import { localeAtom } from '../../../web/lib/i18n';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, chunkLoader, lazyNamed, loadChunk } from '../../../web/lib/lazy-chunk';
import { resetAppState } from '../../support/web/render-app';

function Page() {
  return <p>page content</p>;
}

function renderLazy(load: () => Promise<{ Page: typeof Page }>) {
  const LazyPage = lazyNamed(chunkLoader(load), 'Page');
  return render(
    <AppProviders>
      <ChunkErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <LazyPage />
        </Suspense>
      </ChunkErrorBoundary>
    </AppProviders>,
  );
}

describe('chunk load failure', () => {
  beforeEach(() => resetAppState());
  afterEach(() => vi.useRealTimers());

  it('shows a message with a reload button instead of a white page when a chunk fails (German)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await screen.findByTestId('chunk-load-error');
    expect(screen.getByText('Dieser Teil der Anwendung konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByTestId('chunk-load-reload').textContent).toBe('Seite neu laden');
  });

  it('speaks English when English is chosen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    appStore.set(localeAtom, 'en');
    renderLazy(() => Promise.reject(new Error('boom')));
    await screen.findByTestId('chunk-load-error');
    expect(screen.getByText('This part of the application could not be loaded')).toBeTruthy();
    expect(screen.getByTestId('chunk-load-reload').textContent).toBe('Reload page');
  });

  it('counts a chunk as failed after 120 seconds (120000 ms), not earlier', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise<never>(() => {})).then(
      () => {
        settled = 'loaded';
      },
      (error: unknown) => {
        settled = error;
      },
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
  });

  it('renders the page when the chunk arrives', async () => {
    renderLazy(() => Promise.resolve({ Page }));
    expect(await screen.findByText('page content')).toBeTruthy();
  });
});
