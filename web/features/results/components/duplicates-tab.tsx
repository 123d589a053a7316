import { Box, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { refusalOf } from '../../../lib/graphql-client';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { SourceRemovalsTable } from '../../../components/data/source-removals-table';
import { useDatafileDuplicates } from '../api/use-datafile-duplicates';

/**
 * Who answered twice: the interviews whose device or panel ID the organisation saw earlier (naming
 * the interview they match) or in many of its surveys within days, and the share of each sample
 * source that is flagged, so a researcher sees which supplier sent the duplicates.
 */
export function DuplicatesTab({ datafileId }: { datafileId: string }) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const { data, error, isLoading } = useDatafileDuplicates(datafileId);
  if (error) return <ErrorAlert message={translateRefusal(refusalOf(error))} />;
  if (isLoading || !data) return <Spinner data-testid="duplicates-loading" />;
  const d = data.datafileDuplicates;
  const n = (v: number) => formatNumber(v, locale);
  const pct = (part: number, whole: number) => (whole > 0 ? `${formatNumber((100 * part) / whole, locale, 1)} %` : '–');
  const settings = t('results.duplicates.settings', {
    days: n(d.windowDays),
    surveys: n(d.velocitySurveys),
    velocityDays: n(d.velocityDays),
  });
  if (d.interviewsWithIdentity === 0)
    return (
      <Box data-testid="duplicates-tab" py="4">
        <Text data-testid="duplicates-empty">{t('results.duplicates.none')}</Text>
      </Box>
    );
  return (
    <Stack data-testid="duplicates-tab" gap="5" py="4">
      <Text color="fg.muted">{settings}</Text>
      <Box>
        <Heading size="sm" mb="2">
          {t('results.duplicates.bySource')}
        </Heading>
        <Table.Root size="sm" data-testid="duplicates-sources">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('results.duplicates.source')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('results.duplicates.interviews')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('results.duplicates.duplicates')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('results.duplicates.velocity')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {d.sources.map((s) => (
              <Table.Row key={s.source ?? ''}>
                <Table.Cell>{s.source ?? t('results.duplicates.noSource')}</Table.Cell>
                <Table.Cell textAlign="end">{n(s.interviews)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {n(s.duplicates)} ({pct(s.duplicates, s.interviews)})
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {n(s.velocity)} ({pct(s.velocity, s.interviews)})
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box>
        <Heading size="sm" mb="2">
          {t('sources.title')}
        </Heading>
        {d.removals.length === 0 && d.sources.some((s) => s.source !== null) ? (
          <Text fontSize="sm" color="fg.muted" data-testid="source-removals-not-cleaned">
            {t('sources.notCleaned')}
          </Text>
        ) : (
          <SourceRemovalsTable rows={d.removals} testId="source-removals" />
        )}
      </Box>
      <Box>
        <Heading size="sm" mb="2">
          {t('results.duplicates.flagged')}
        </Heading>
        {d.duplicates.length === 0 && d.velocity.length === 0 ? (
          <Text data-testid="duplicates-clean">{t('results.duplicates.clean')}</Text>
        ) : (
          <Table.Root size="sm" data-testid="duplicates-list">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('results.duplicates.record')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('results.duplicates.reason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {d.duplicates.map((x) => (
                <Table.Row key={`d-${x.kind}-${x.recordId}`}>
                  <Table.Cell>{x.recordId}</Table.Cell>
                  <Table.Cell>
                    {t(`results.duplicates.matches${x.kind}`, {
                      record: x.matchRecordId,
                      datafile: x.matchDatafileTitle,
                      date: formatDateTime(x.matchSeenAt, locale),
                    })}
                  </Table.Cell>
                </Table.Row>
              ))}
              {d.velocity.map((x) => (
                <Table.Row key={`v-${x.kind}-${x.recordId}`}>
                  <Table.Cell>{x.recordId}</Table.Cell>
                  <Table.Cell>
                    {t(`results.duplicates.velocity${x.kind}`, { surveys: n(x.surveys), days: n(d.velocityDays) })}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}
