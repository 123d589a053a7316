import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { PlainTable } from '../data/protocol';
import type { ResultDataPoint } from '../model/score-tabs';

type Contradiction = { questions: [string, string]; explanation: string };

/** The stored contradictions of one interview (scores.arrow's `coh.contradictions`); [] for none or unreadable. */
export function contradictionsOf(table: PlainTable): Contradiction[] {
  const text = table.text['coh.contradictions']?.[0];
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as Contradiction[]) : [];
  } catch {
    return [];
  }
}

/**
 * The coherence judge's verdict on one interview: its score and a short list of the questions whose
 * answers contradict each other, with the model's explanation. Nothing when the judge did not run on
 * the file; "not judged" when it ran but this interview has no score (not read, or the request failed).
 */
export function CoherenceSection({ table, points }: { table: PlainTable; points: readonly ResultDataPoint[] }) {
  const t = useT();
  const locale = useLocale();
  const score = table.numeric.coh?.[0];
  if (score === undefined) return null;
  const title = (column: string) =>
    points.find((p) => p.dataPointType === 'OPEN_ENDED' && p.columns.includes(column))?.questionTitle || column;
  const found = contradictionsOf(table);
  return (
    <Box data-testid="interview-coherence">
      <Heading size="sm" mb="2">
        {t('results.coherence.title')}
      </Heading>
      <Text fontSize="sm" data-field="coh">
        {Number.isNaN(score)
          ? t('results.coherence.notJudged')
          : t('results.coherence.score', { score: formatNumber(score, locale, 0) })}
      </Text>
      {found.length ? (
        <Stack as="ul" gap="1" fontSize="sm" ps="5" mt="1" listStyleType="disc">
          {found.map((c, i) => (
            <li key={i} data-contradiction={c.questions.join('|')}>
              {t('results.coherence.pair', { a: title(c.questions[0]), b: title(c.questions[1]) })}: {c.explanation}
            </li>
          ))}
        </Stack>
      ) : Number.isNaN(score) ? null : (
        <Text fontSize="sm" color="fg.muted">
          {t('results.coherence.none')}
        </Text>
      )}
    </Box>
  );
}
