import { Badge, Box, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatNumber } from '../../../lib/format';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import type { DatafileReportData } from '../api/use-datafile-report';

const SCORE_NAME_KEY: Record<string, string> = {
  combined: 'combined',
  is: 'IS',
  ps: 'PS',
  cs: 'CS',
  sds: 'SDS',
  ts: 'TS',
  ibs: 'IBS',
  oes: 'OES',
  con: 'CON',
  bas: 'BAS',
  coh: 'COH',
};
const scoreName = (t: Translate, key: string) => t(`worksheet.reasons.${SCORE_NAME_KEY[key] ?? key}`);
const EXCLUSION_KEYS = ['scoreThreshold', 'quotaCleaning', 'targetSample', 'manual', 'duplicate'] as const;

/** The badge of one quality score: its cleaned average against the target. */
function TargetBadge({
  after,
  target,
  compact,
}: {
  after: number | null | undefined;
  target: number;
  compact?: boolean;
}) {
  const t = useT();
  const reached = after != null && after > target;
  return (
    <Badge colorPalette={reached ? 'green' : 'orange'} variant="subtle" whiteSpace="nowrap">
      {compact ? '' : `> ${target} · `}
      {reached ? t('reports.reached') : t('reports.notReached')}
    </Badge>
  );
}

/**
 * The quality scores' averages before and after, each against the target (cleaned average above
 * it): a table from 480 px (paper included), a list on a phone, where four columns do not fit.
 */
export function QualityAverages({ report }: { report: DatafileReportData }) {
  const t = useT();
  const locale = useLocale();
  const one = (v: number | null | undefined) => (v == null ? '–' : formatNumber(v, locale, 1));
  return (
    <Box>
      <Heading as="h2" size="lg" mb="1">
        {t('reports.averagesTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('reports.averagesText', { target: report.targetAverage })}
      </Text>
      <Table.Root size="sm" data-testid="report-averages" hideBelow="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('reports.score')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reports.before')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reports.after')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('reports.target')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {report.averages.map((a) => (
            <Table.Row key={a.key} data-testid={`report-average-${a.key}`}>
              <Table.Cell fontWeight={a.key === 'combined' ? 'semibold' : undefined}>{scoreName(t, a.key)}</Table.Cell>
              <Table.Cell textAlign="end">{one(a.before)}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold">
                {one(a.after)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <TargetBadge after={a.after} target={report.targetAverage} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Stack gap="0" hideFrom="sm" data-testid="report-averages-list">
        <Text fontSize="xs" color="fg.muted" textAlign="end">
          {t('reports.beforeAfter')}
        </Text>
        {report.averages.map((a) => (
          <Flex
            key={a.key}
            justify="space-between"
            align="center"
            gap="3"
            py="2"
            borderBottomWidth="1px"
            borderColor="border.muted"
          >
            <Text fontSize="sm" fontWeight={a.key === 'combined' ? 'semibold' : undefined}>
              {scoreName(t, a.key)}
            </Text>
            <Flex align="center" gap="2" flexShrink={0}>
              <Text fontSize="sm" color="fg.muted" aria-label={t('reports.before')}>
                {one(a.before)} →
              </Text>
              <Text fontSize="sm" fontWeight="semibold" aria-label={t('reports.after')}>
                {one(a.after)}
              </Text>
              <TargetBadge after={a.after} target={report.targetAverage} compact />
            </Flex>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * IS and SDS describe the sample, not the quality of its interviews: no target, no verdict, each
 * with what its value means, apart from the quality scores.
 */
export function SampleScores({ report }: { report: DatafileReportData }) {
  const t = useT();
  const locale = useLocale();
  if (report.sampleScores.length === 0) return null;
  const one = (v: number | null | undefined) => (v == null ? '–' : formatNumber(v, locale, 1));
  return (
    <Box className="report-card" data-testid="report-sample">
      <Heading as="h2" size="lg" mb="1">
        {t('reports.sample.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {t('reports.sample.text')}
      </Text>
      <Stack gap="3">
        {report.sampleScores.map((s) => (
          <Box
            key={s.key}
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
            p="4"
            data-testid={`report-sample-${s.key}`}
          >
            <Flex justify="space-between" align="baseline" gap="4" wrap="wrap">
              <Text fontWeight="semibold">{scoreName(t, s.key)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('reports.before')} {one(s.before)} · {t('reports.after')}{' '}
                <Text as="span" fontWeight="semibold" color="fg" data-testid={`report-sample-${s.key}-after`}>
                  {one(s.after)}
                </Text>
              </Text>
            </Flex>
            <Text fontSize="sm" mt="1">
              {t(`reports.sample.meaning.${s.key}`)}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** Removed interviews per report reason, and with score details the cleaning reasons inside each. */
export function Exclusions({ report }: { report: DatafileReportData }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <Box>
      <Heading as="h2" size="lg" mb="3">
        {t('reports.exclusionsTitle')}
      </Heading>
      <Stack gap="2" data-testid="report-exclusions">
        {EXCLUSION_KEYS.map((key) => {
          const count = report.exclusions[key];
          const share = report.recordsRemoved > 0 ? count / report.recordsRemoved : 0;
          const parts = report.removedByReason.filter((r) => r.group === key);
          return (
            <Box key={key} data-testid={`report-exclusion-${key}`}>
              <Flex justify="space-between" fontSize="sm">
                <Text>{t(`reports.exclusions.${key}`)}</Text>
                <Text fontWeight="semibold" data-testid={`report-exclusion-${key}-count`}>
                  {n(count)}
                </Text>
              </Flex>
              <Box h="2" bg="bg.muted" borderRadius="full" overflow="hidden">
                <Box h="full" w={`${share * 100}%`} bg="red.solid" className="report-bar" />
              </Box>
              {key === 'scoreThreshold' && parts.length > 0 && (
                <Text fontSize="xs" color="fg.muted" mt="1" data-testid="report-exclusion-scores">
                  {parts.map((p) => `${t(`worksheet.reasons.${p.reason}`)} ${n(p.count)}`).join(' · ')}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
