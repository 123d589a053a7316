import { Box, CloseButton, Dialog, Grid, Heading, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useMemo, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { columnsUrl, type ColumnsClient } from '../data/columns-client';
import type { PlainTable } from '../data/protocol';
import { RAW_PREFIX } from '../model/columns';
import { interviewReasons, openAnswers } from '../model/interview-reasons';
import { explainColumns, SCORE_KINDS, type ResultDataPoint } from '../model/score-tabs';
import { TIME_RATIO_COLUMN } from '../model/columns';
import { DASH, explainCell, ScoreCell } from './cells';
import { CoherenceSection } from './coherence-section';

/**
 * One interview: why it got its scores (a sentence per score), each score with the stored columns
 * behind it under their translated names, its open answers with their categories, and every answer
 * as uploaded; read with one request for that row only (offset/limit on the columns route).
 * Memoised: the result page renders again when its score table arrives, and a closed dialog has nothing to redraw.
 */
export const InterviewDialog = memo(function InterviewDialog({
  datafileId,
  row,
  client,
  onClose,
  points,
  timeRatio,
}: {
  datafileId: string;
  row: number | null;
  client: ColumnsClient;
  onClose: () => void;
  /** The revision's data points (grid titles, open questions). */
  points: readonly ResultDataPoint[];
  /** The interview's total duration over the file's median, when the file has a total duration. */
  timeRatio?: number;
}) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<{ row: number; table: PlainTable | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (row === null) return undefined;
    let live = true;
    setState({ row, table: null, failed: false });
    client
      .fetchTable(columnsUrl(datafileId, { file: 'all', offset: row, limit: 1 }))
      .then(({ table }) => {
        if (live) setState({ row, table, failed: false });
      })
      .catch(() => {
        if (live) setState({ row, table: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [row, datafileId, client]);

  const value = (table: PlainTable, name: string): string => {
    const field = table.fields.find((f) => f.name === name)!;
    if (!field.numeric) return table.text[name]?.[0] ?? DASH;
    const v = table.numeric[name]![0]!;
    if (Number.isNaN(v)) return DASH;
    if (field.categories && String(v) in field.categories) return field.categories[String(v)]!;
    return formatNumber(v, locale, Number.isInteger(v) ? 0 : 2);
  };

  const loaded = state?.table ?? null;
  // The time ratio comes from the page (a median over all rows): the one-row table gets it as a column.
  const table = useMemo(
    () =>
      loaded && timeRatio !== undefined
        ? {
            ...loaded,
            numeric: { ...loaded.numeric, [TIME_RATIO_COLUMN]: Float64Array.of(timeRatio) },
          }
        : loaded,
    [loaded, timeRatio],
  );
  const format = (v: number, digits: number) => (Number.isNaN(v) ? DASH : formatNumber(v, locale, digits));
  const has = (name: string) => Boolean(table?.numeric[name]);
  const kinds = table ? SCORE_KINDS.filter((k) => has(k)) : [];
  const rawFields =
    table?.fields.filter((f) => f.name.startsWith(RAW_PREFIX) && f.name !== `${RAW_PREFIX}__source_row`) ?? [];
  const answers = table ? openAnswers(table, points, RAW_PREFIX) : [];
  return (
    <Dialog.Root
      open={row !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      size="xl"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="interview-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('results.interview.title', {
                  row: formatNumber((row ?? 0) + 1, locale),
                  id: table?.text.record_id?.[0] ?? '',
                })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {state?.failed ? (
                <Text color="red.600">{t('results.loadFailed')}</Text>
              ) : !table ? (
                <Spinner />
              ) : (
                <Stack gap="5">
                  <Box data-testid="interview-why">
                    <Heading size="sm" mb="2">
                      {t('results.interview.why')}
                    </Heading>
                    <Stack as="ul" gap="1" fontSize="sm" ps="5" listStyleType="disc">
                      {interviewReasons(table, points, timeRatio, t, format).map((r, i) => (
                        <li key={i} data-kind={r.kind}>
                          {r.text}
                        </li>
                      ))}
                    </Stack>
                  </Box>
                  <Box data-testid="interview-scores">
                    <Heading size="sm" mb="2">
                      {t('results.interview.scores')}
                    </Heading>
                    <Grid templateColumns="minmax(10rem, 1fr) 2fr" columnGap="4" rowGap="1" fontSize="sm">
                      {kinds.map((k) => (
                        <Box key={k} display="contents">
                          <Text fontWeight="semibold" mt={k === kinds[0] ? 0 : 2}>
                            {t(`results.kinds.${k}`)}
                          </Text>
                          <Text data-field={k} mt={k === kinds[0] ? 0 : 2}>
                            <ScoreCell value={table.numeric[k]![0]!} kind={k} />
                          </Text>
                          {explainColumns(k, points, has, t)
                            .filter((c) => c.kind !== 'score' && c.kind !== 'category' && c.name !== 'data_points')
                            .map((c) => (
                              <Box key={c.name} display="contents">
                                <Text color="fg.muted" ps="3">
                                  {c.label}
                                </Text>
                                <Text data-field={c.name}>{explainCell(c, table, locale, t)(0)}</Text>
                              </Box>
                            ))}
                        </Box>
                      ))}
                      {has('data_points') ? (
                        <>
                          <Text fontWeight="semibold" mt="2">
                            {t('results.columns.allDataPoints')}
                          </Text>
                          <Text data-field="data_points" mt="2">
                            {format(table.numeric.data_points![0]!, 0)}
                          </Text>
                        </>
                      ) : null}
                    </Grid>
                  </Box>
                  {answers.length ? (
                    <Box data-testid="interview-open-answers">
                      <Heading size="sm" mb="2">
                        {t('results.interview.openAnswers')}
                      </Heading>
                      <Grid
                        templateColumns="minmax(8rem, 1fr) 2fr minmax(8rem, 1fr)"
                        columnGap="4"
                        rowGap="1"
                        fontSize="sm"
                      >
                        <Text color="fg.muted" fontWeight="semibold">
                          {t('results.interview.question')}
                        </Text>
                        <Text color="fg.muted" fontWeight="semibold">
                          {t('results.interview.answer')}
                        </Text>
                        <Text color="fg.muted" fontWeight="semibold">
                          {t('results.interview.category')}
                        </Text>
                        {answers.map((a) => (
                          <Box key={a.column} display="contents" data-open={a.column}>
                            <Text wordBreak="break-word">{a.title}</Text>
                            <Text wordBreak="break-word" fontStyle={a.answer ? undefined : 'italic'}>
                              {a.answer || DASH}
                            </Text>
                            <Text data-category={a.category}>
                              {Number.isNaN(a.category) ? DASH : t(`results.categories.${a.category}`)}
                              {a.byJudge ? ` (${t('results.aiJudge')})` : ''}
                            </Text>
                          </Box>
                        ))}
                      </Grid>
                    </Box>
                  ) : null}
                  <CoherenceSection table={table} points={points} />
                  <Section
                    title={t('results.interview.answers')}
                    rows={rawFields.map((f) => [f.name.slice(RAW_PREFIX.length), value(table, f.name)])}
                    testId="interview-answers"
                  />
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});

function Section({ title, rows, testId }: { title: string; rows: [string, string][]; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Heading size="sm" mb="2">
        {title}
      </Heading>
      <Grid templateColumns="minmax(10rem, 1fr) 2fr" columnGap="4" rowGap="1" fontSize="sm">
        {rows.map(([name, v]) => (
          <Box key={name} display="contents">
            <Text color="fg.muted" wordBreak="break-all">
              {name}
            </Text>
            <Text data-field={name}>{v}</Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
