import { Box, CloseButton, Dialog, Grid, Heading, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { columnsUrl, type ColumnsClient } from '../data/columns-client';
import type { PlainTable } from '../data/protocol';
import { RAW_PREFIX } from '../model/columns';
import { DASH } from './cells';

/**
 * One interview: every stored score (categories by name) and every answer as uploaded, read with
 * one request for that row only (offset/limit on the columns route).
 */
export function InterviewDialog({
  datafileId,
  row,
  client,
  onClose,
}: {
  datafileId: string;
  row: number | null;
  client: ColumnsClient;
  onClose: () => void;
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
    if (field.categories && String(v) in field.categories) {
      // OES categories and grid labels by name in the page's language; other coded fields as stored.
      if (name.endsWith('.category')) return t(`results.categories.${v}`);
      return field.categories[String(v)]!;
    }
    return formatNumber(v, locale, Number.isInteger(v) ? 0 : 2);
  };

  const table = state?.table ?? null;
  const scoreFields = table?.fields.filter((f) => !f.name.startsWith(RAW_PREFIX)) ?? [];
  const rawFields =
    table?.fields.filter((f) => f.name.startsWith(RAW_PREFIX) && f.name !== `${RAW_PREFIX}__source_row`) ?? [];
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
                  <Section
                    title={t('results.interview.scores')}
                    rows={scoreFields.map((f) => [f.name, value(table, f.name)])}
                    testId="interview-scores"
                  />
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
}

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
