import { describe, expect, it } from 'vitest';
import { notificationTexts } from '../../../web/features/notifications/notification-texts';
import { translate, type Locale } from '../../../web/lib/i18n';

// The bell renders an event in the language the UI has now, so a notification written while the
// reader used German reads in English after a switch (no new request), with English plurals,
// digits and dates; a text written as text shows as stored.

const texts = (n: { event: string | null; params: string | null; title: string; description: string }, l: Locale) =>
  notificationTexts(n, l, (key, params) => translate(l, key, params));

const stored = { title: 'Upload abgeschlossen', description: 'gespeichert auf Deutsch' };

describe('notification texts in the bell', () => {
  it('render an event in either language, with the plural form and the digits of that language', () => {
    const one = { ...stored, event: 'uploadFinished', params: JSON.stringify({ title: 'W1', records: 1, credits: 4 }) };
    const many = {
      ...stored,
      event: 'uploadFinished',
      params: JSON.stringify({ title: 'W2', records: 1200, credits: 4800 }),
    };
    expect(texts(one, 'en')).toEqual({
      title: 'Upload finished',
      description: '“W1” is ready: 1 interview scored, 4 credits charged.',
    });
    expect(texts(many, 'en').description).toBe('“W2” is ready: 1,200 interviews scored, 4,800 credits charged.');
    expect(texts(one, 'de').description).toBe('„W1“ ist fertig: 1 Interview bewertet, 4 Credits abgebucht.');
    expect(texts(many, 'de').description).toBe('„W2“ ist fertig: 1.200 Interviews bewertet, 4.800 Credits abgebucht.');
  });

  it('write dates and server-written sentences in the reader language', () => {
    const expiring = {
      ...stored,
      event: 'contractExpiring',
      params: JSON.stringify({ name: 'Ada', company: 'Acme', date: { date: '2026-12-16' } }),
    };
    expect(texts(expiring, 'de').description).toContain('endet am 16.12.2026');
    expect(texts(expiring, 'en').description).toContain('ends on 16 Dec 2026');
    const failed = {
      ...stored,
      event: 'uploadError',
      params: JSON.stringify({ title: 'W1', message: { de: 'Datei leer.', en: 'File empty.' } }),
    };
    expect(texts(failed, 'de')).toEqual({ title: 'Upload fehlgeschlagen', description: '„W1“: Datei leer.' });
    expect(texts(failed, 'en')).toEqual({ title: 'Upload failed', description: '“W1”: File empty.' });
  });

  it('show a text written as text, an unknown event or unreadable params as stored', () => {
    expect(texts({ ...stored, event: null, params: null }, 'en')).toEqual(stored);
    expect(texts({ ...stored, event: 'fromANewerServer', params: '{}' }, 'en')).toEqual(stored);
    expect(texts({ ...stored, event: 'uploadFinished', params: '{' }, 'en')).toEqual(stored);
  });
});
