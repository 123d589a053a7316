import { Box, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { columnsUrl, type ColumnsClient } from '../data/columns-client';
import type { PlainTable } from '../data/protocol';
import { DASH } from './cells';
import { InterviewTable, orderRows, type GridColumn, type SortState } from './interview-table';

/** The interviews as uploaded (raw.arrow), loaded when the tab is first opened. */
export function RawTab({
  datafileId,
  client,
  onOpen,
}: {
  datafileId: string;
  client: ColumnsClient;
  onOpen: (row: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [state, setState] = useState<{ table: PlainTable | null; failed: boolean }>({ table: null, failed: false });
  const [sort, setSort] = useState<SortState>(null);

  useEffect(() => {
    let live = true;
    client
      .fetchTable(columnsUrl(datafileId, { file: 'raw' }))
      .then(({ table }) => {
        if (live) setState({ table, failed: false });
      })
      .catch(() => {
        if (live) setState({ table: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [datafileId, client]);

  const table = state.table;
  const columns = useMemo<GridColumn[]>(() => {
    if (!table) return [];
    return table.fields.map((f) => {
      const label = f.name === '__source_row' ? t('results.table.sourceRow') : f.name;
      if (!f.numeric) {
        const values = table.text[f.name]!;
        return { key: f.name, label, width: '10rem', cell: (row: number) => values[row] ?? DASH };
      }
      const values = table.numeric[f.name]!;
      return {
        key: f.name,
        label,
        width: f.name === '__source_row' ? '6rem' : '8rem',
        sortable: true,
        cell: (row: number) =>
          Number.isNaN(values[row]!)
            ? DASH
            : formatNumber(values[row]!, locale, Number.isInteger(values[row]!) ? 0 : 2),
      };
    });
  }, [table, t, locale]);
  const order = useMemo(() => {
    if (!table) return new Uint32Array(0);
    const values = sort ? table.numeric[sort.key] : undefined;
    return orderRows(table.rows, null, values ? (row) => values[row]! : null, sort?.descending ?? false);
  }, [table, sort]);

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
    <Box data-testid="raw-tab">
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('results.rawIntro', {
          rows: formatNumber(table.rows, locale),
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
        label={t('results.tabs.raw')}
        testId="raw-table"
      />
    </Box>
  );
}
