import { Badge, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import { type DatafileRow, useRowProgress } from '../api/datafiles-documents';

const PALETTE = { DRAFT: 'gray', PROCESSING: 'blue', READY: 'green', ERROR: 'red', STOPPED: 'orange' } as const;

/**
 * The status badge; while the first upload or a re-upload processes, a progress bar fed by the
 * upload's own progress (pushed by the tab's event stream, polled as the fallback), and the list
 * reloads once the upload is done.
 */
export function StatusCell({ row }: { row: DatafileRow }) {
  const t = useT();
  const locale = useLocale();
  const { mutate } = useSWRConfig();
  const processing = row.status === 'PROCESSING' || row.isUpdating;
  const polled = useRowProgress(row.id, processing);
  const upload = polled.data?.getDatafileUploadingProgress.upload;
  const finished = processing && upload !== undefined && upload !== null && upload.status !== 'PROCESSING';
  useEffect(() => {
    if (finished) void revalidateOperations(mutate, 'getDatafilesForLoggedInUser', 'getMyDatafilesSummaryForDashboard');
  }, [finished, mutate]);
  if (!processing)
    return (
      <Badge colorPalette={PALETTE[row.status]} data-testid="status-badge" data-status={row.status}>
        {t(`datafiles.statuses.${row.status}`)}
      </Badge>
    );
  const progress = upload?.status === 'PROCESSING' ? upload.progress : row.progress;
  return (
    <Stack gap="1" minW="28" data-testid="status-progress" data-status={row.isUpdating ? 'UPDATING' : 'PROCESSING'}>
      <Text fontSize="xs" color="fg.muted">
        {t(`datafiles.statuses.${row.isUpdating ? 'UPDATING' : 'PROCESSING'}`)} · {formatNumber(progress, locale)} %
      </Text>
      <Progress.Root value={progress} size="xs" colorPalette="blue" aria-label={t('datafiles.columns.status')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}
