import { Button } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { isChunkLoadError } from '../../lib/lazy-chunk';
import { CenteredMessage } from './page-state';

/** A chunk that failed (or took longer than the timeout) gets a message and a reload button. */
export function ChunkLoadFailed() {
  const t = useT();
  return (
    <div data-testid="chunk-load-error" role="alert">
      <CenteredMessage title={t('shell.chunkErrorTitle')} text={t('shell.chunkError')}>
        <Button colorPalette="brand" onClick={() => window.location.reload()} data-testid="chunk-load-reload">
          {t('shell.reload')}
        </Button>
      </CenteredMessage>
    </div>
  );
}

type State = { error: unknown };

/**
 * Catches a lazy chunk that failed to load below it, so the user sees ChunkLoadFailed instead of a
 * white page. Any other error is passed on to the next boundary unchanged.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkLoadFailed />;
    throw error;
  }
}
