import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { DownloadIcon } from '../../../components/icons/icons';
import { downloadTextFile } from '../../../lib/download';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useGetUsageStatsCsv } from '../api/use-get-usage-stats-csv';
import type { StatsView } from '../state/stats-url';
import type { StatsPageKind } from './stats-columns';

/** Downloads every row of the selection in the table's order as CSV (the server writes it in the UI language). */
export function CsvDownloadButton({ kind, view, rows }: { kind: StatsPageKind; view: StatsView; rows: number }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { trigger, isMutating } = useGetUsageStatsCsv();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  async function download() {
    setRefusal(null);
    try {
      const answer = await trigger({
        view: kind,
        filters: { fromMonth: view.from, toMonth: view.to, companyId: view.organization?.id ?? null },
        sortBy: view.sortBy,
        sortDirection: view.sortDirection,
      });
      downloadTextFile(answer.getUsageStatsCsv.fileName, answer.getUsageStatsCsv.content);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  }
  return (
    <Stack gap="1" align="flex-end">
      <Button
        size="sm"
        variant="outline"
        colorPalette="brand"
        loading={isMutating}
        disabled={rows === 0}
        onClick={() => void download()}
        data-testid="stats-csv"
        title={t('stats.csv.hint', { count: rows })}
      >
        <DownloadIcon /> {t('stats.csv.download')}
      </Button>
      <Text fontSize="xs" color="fg.muted">
        {t('stats.csv.hint', { count: rows })}
      </Text>
      <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
    </Stack>
  );
}
