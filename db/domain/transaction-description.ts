/** A translator of the locale files' keys in one language (the web's `t`, the server's `translate`). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The server stores a transaction's description as one of a few fixed English templates
 * (api/modules/credits, api/modules/uploads): 'Credits received: <plan>', 'Credits expired: <plan>',
 * 'Refund: <description refunded>', 'Datafile upload', 'Datafile update'; a live respondent's is
 * '<title>: <record id>' and carries no words of its own. Rendering them from the template in the
 * reader's language needs no migration: the stored texts stay as they are, and a text no template
 * matches shows as stored. The web shows this text and the server's transaction search matches it,
 * so a search finds what the reader reads.
 */
const TEMPLATES: readonly [RegExp, string][] = [
  [/^Credits received: (.*)$/s, 'credits.transactions.descriptions.received'],
  [/^Credits expired: (.*)$/s, 'credits.transactions.descriptions.expired'],
  [/^Datafile upload$/, 'credits.transactions.descriptions.upload'],
  [/^Datafile update$/, 'credits.transactions.descriptions.update'],
];

export function transactionDescription(stored: string, t: Translate): string {
  const refund = /^Refund: (.*)$/s.exec(stored);
  if (refund) return t('credits.transactions.descriptions.refund', { what: transactionDescription(refund[1]!, t) });
  for (const [pattern, key] of TEMPLATES) {
    const match = pattern.exec(stored);
    if (match) return t(key, { name: match[1] ?? '' });
  }
  return stored;
}
