import { Box, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { columnsUrl, type ColumnsClient } from '../data/columns-client';
import type { PlainTable } from '../data/protocol';
import { SOURCE_ROW_COLUMN } from '../model/columns';
import { DASH } from './cells';
import { InterviewTable, orderRows, type GridColumn, type SortState } from './interview-table';

/**
 * The interviews as uploaded (raw.arrow), loaded when the tab is first opened; with `cleanedOnly`,
 * only those the saved cleaning keeps (its decisions from the columns route), in the same table.
 */
export function RawTab({
  datafileId,
  client,
  onOpen,
  cleanedOnly = false,
}: {
  datafileId: string;
  client: ColumnsClient;
  onOpen: (row: number) => void;
  cleanedOnly?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<{ table: PlainTable | null; kept: Float64Array | null; failed: boolean }>({
    table: null,
    kept: null,
    failed: false,
  });
  const [sort, setSort] = useState<SortState>(null);

  useEffect(() => {
    let live = true;
    Promise.all([
      client.fetchTable(columnsUrl(datafileId, { file: 'raw' })),
      cleanedOnly ? client.fetchTable(columnsUrl(datafileId, { file: 'cleaning', columns: ['kept'] })) : null,
    ])
      .then(([{ table }, decisions]) => {
        if (live) setState({ table, kept: decisions?.table.numeric.kept ?? null, failed: false });
      })
      .catch(() => {
        if (live) setState({ table: null, kept: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [datafileId, client, cleanedOnly]);

  const table = state.table;
  const columns = useMemo<GridColumn[]>(() => {
    if (!table) return [];
    return table.fields.map((f) => {
      const label = f.name === SOURCE_ROW_COLUMN ? t('results.table.sourceRow') : f.name;
      if (!f.numeric) {
        const values = table.text[f.name]!;
        return { key: f.name, label, width: '10rem', cell: (row: number) => values[row] ?? DASH };
      }
      const values = table.numeric[f.name]!;
      return {
        key: f.name,
        label,
        width: f.name === SOURCE_ROW_COLUMN ? '6rem' : '8rem',
        sortable: true,
        cell: (row: number) =>
          Number.isNaN(values[row]!)
            ? DASH
            : formatNumber(values[row]!, locale, Number.isInteger(values[row]!) ? 0 : 2),
      };
    });
  }, [table, t, locale]);
  const kept = state.kept;
  const order = useMemo(() => {
    if (!table) return new Uint32Array(0);
    const values = sort ? table.numeric[sort.key] : undefined;
    return orderRows(
      table.rows,
      kept ? (row) => kept[row] === 1 : null,
      values ? (row) => values[row]! : null,
      sort?.descending ?? false,
    );
  }, [table, kept, sort]);

  if (state.failed)
    return (
      <Text color="red.600" py="6">
        {t('results.loadFailed')}
      </Text>
    );
  if (!table)
    return (
      <Box py="10" textAlign="center">
        <Spinner />
      </Box>
    );
  return (
    <Box data-testid={cleanedOnly ? 'cleaned-data' : 'raw-tab'}>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t(cleanedOnly ? 'results.cleanedIntro' : 'results.rawIntro', {
          rows: formatNumber(order.length, locale),
          columns: formatNumber(table.fields.length - 1, locale),
        })}
      </Text>
      <InterviewTable
        order={order}
        columns={columns}
        sort={sort}
        onSort={(key) =>
          setSort((s) =>
            s?.key === key ? (s.descending ? null : { key, descending: true }) : { key, descending: false },
          )
        }
        onOpen={onOpen}
        label={t(cleanedOnly ? 'results.tabs.cleaned' : 'results.tabs.raw')}
        testId={cleanedOnly ? 'cleaned-table' : 'raw-table'}
      />
    </Box>
  );
}
