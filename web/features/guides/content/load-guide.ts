import { loadChunk } from '../../../lib/lazy-chunk';
import type { Locale } from '../../../lib/i18n';
import type { GuideId } from '../guides';

/**
 * The guide texts are markdown files per locale under locales/guides/<locale>/<guide>.md (every
 * visible text lives in locales/). Each file is its own chunk: a reader downloads only the guide and
 * language on screen.
 */
const files = import.meta.glob<string>('../../../../locales/guides/*/*.md', { query: '?raw', import: 'default' });

const pending = new Map<string, Promise<string>>();

function fileKey(locale: Locale, id: GuideId): string {
  return `../../../../locales/guides/${locale}/${id}.md`;
}

/**
 * The markdown of a guide, one promise per guide and locale (React's use() needs the same promise on
 * every render). A failed download is forgotten so that the retry of the error boundary loads again.
 */
export function loadGuide(locale: Locale, id: GuideId): Promise<string> {
  const key = fileKey(locale, id);
  let promise = pending.get(key);
  if (!promise) {
    const load = files[key];
    if (!load) throw new Error(`no guide ${id} in ${locale}`);
    promise = loadChunk(load).catch((error: unknown) => {
      pending.delete(key);
      throw error;
    });
    pending.set(key, promise);
  }
  return promise;
}
