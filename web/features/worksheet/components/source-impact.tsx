import { Box, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { removalsBySource } from '../../../../scoring/index.ts';
import { SourceRemovalsTable } from '../../../components/data/source-removals-table';
import { useT } from '../../../lib/i18n';

/**
 * The impact of the current rules per sample source, recounted on every run from the worker's
 * primary reasons (the same tally the result page and the report make from the saved cleaning).
 */
export function SourceImpact({
  recordIds,
  primary,
  recordSources,
}: {
  recordIds: readonly string[] | null;
  primary: Int8Array | null;
  recordSources: readonly { recordId: string; source: string }[] | null;
}) {
  const t = useT();
  const sources = useMemo(
    () => new Map<string, string | null>((recordSources ?? []).map((r) => [r.recordId, r.source])),
    [recordSources],
  );
  const rows = useMemo(
    () => (recordIds && primary ? removalsBySource(recordIds, primary, sources) : []),
    [recordIds, primary, sources],
  );
  if (!recordSources || !recordIds || !primary) return null;
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="md" p="3" data-testid="worksheet-sources">
      <Text fontWeight="semibold" mb="2">
        {t('sources.title')}
      </Text>
      <SourceRemovalsTable rows={rows} testId="worksheet-source-removals" />
    </Box>
  );
}
