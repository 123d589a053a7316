import { Alert, Badge, Box, Card, Flex, Heading, Separator, Stack, Table, Text } from '@chakra-ui/react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { CREDITS_MAX, CREDITS_MIN } from '../../../../scoring/credits';
import { type RoiResult, SUBSCRIPTION_MIN_CREDITS_PER_YEAR } from '../calculation';
import { formatEuro, formatPercent } from '../format';

function Row({
  label,
  study,
  year,
  testId,
  emphasis,
}: {
  label: string;
  study: string;
  year: string;
  testId: string;
  emphasis?: boolean;
}) {
  return (
    <Table.Row data-testid={testId} fontWeight={emphasis ? 'semibold' : 'normal'}>
      <Table.Cell ps="0">{label}</Table.Cell>
      <Table.Cell textAlign="end" data-part="study">
        {study}
      </Table.Cell>
      <Table.Cell textAlign="end" pe="0" data-part="year">
        {year}
      </Table.Cell>
    </Table.Row>
  );
}

/** The result panel: credits per interview and why, the study and the year side by side, the subscription note. */
export function RoiResults({ result }: { result: RoiResult | null }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const euro = (v: number) => formatEuro(v, locale);
  return (
    <Card.Root variant="outline" bg="bg" data-testid="roi-results" aria-live="polite">
      <Card.Body gap="5">
        <Heading as="h2" size="md">
          {t('roiCalculator.results.title')}
        </Heading>
        {!result ? (
          <Text color="fg.muted" data-testid="roi-results-invalid">
            {t('roiCalculator.results.invalid')}
          </Text>
        ) : (
          <>
            <Flex align="center" gap="5" p="4" borderRadius="lg" bg="brand.subtle">
              <Text
                fontSize="5xl"
                fontWeight="bold"
                color="brand.fg"
                lineHeight="1"
                data-testid="roi-credits-per-interview"
              >
                {n(result.creditsPerInterview)}
              </Text>
              <Box>
                <Text fontWeight="semibold">{t('roiCalculator.results.creditsPerInterview')}</Text>
                <Text fontSize="sm" color="fg.muted" data-testid="roi-credits-explanation">
                  {result.bound === 'minimum'
                    ? t('roiCalculator.results.boundMinimum', {
                        points: n(result.dataPointsPerInterview),
                        min: CREDITS_MIN,
                      })
                    : result.bound === 'maximum'
                      ? t('roiCalculator.results.boundMaximum', {
                          points: n(result.dataPointsPerInterview),
                          max: CREDITS_MAX,
                        })
                      : t('roiCalculator.results.perDataPoint', { points: n(result.dataPointsPerInterview) })}
                </Text>
              </Box>
            </Flex>
            <Table.Root size="sm" variant="line">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader ps="0" />
                  <Table.ColumnHeader textAlign="end">{t('roiCalculator.results.perStudy')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" pe="0">
                    {t('roiCalculator.results.perYear')}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                <Row
                  testId="roi-row-credits"
                  label={t('roiCalculator.results.credits')}
                  study={n(result.creditsPerStudy)}
                  year={n(result.creditsPerYear)}
                />
                <Row
                  testId="roi-row-cost"
                  label={t('roiCalculator.results.cost')}
                  study={euro(result.costPerStudy)}
                  year={euro(result.costPerYear)}
                />
                <Row
                  testId="roi-row-savings"
                  label={t('roiCalculator.results.savings')}
                  study={euro(result.savingsPerStudy)}
                  year={euro(result.savingsPerYear)}
                />
                <Row
                  testId="roi-row-net"
                  emphasis
                  label={t('roiCalculator.results.net')}
                  study={euro(result.netPerStudy)}
                  year={euro(result.netPerYear)}
                />
              </Table.Body>
            </Table.Root>
            <Flex justify="space-between" align="center">
              <Text fontWeight="semibold">{t('roiCalculator.results.roi')}</Text>
              <Badge
                size="lg"
                colorPalette={result.roiPercent === null || result.roiPercent >= 0 ? 'green' : 'red'}
                data-testid="roi-percent"
              >
                {result.roiPercent === null
                  ? t('roiCalculator.results.roiFree')
                  : formatPercent(result.roiPercent, locale)}
              </Badge>
            </Flex>
            <Separator />
            <Alert.Root
              status={result.subscriptionPossible ? 'success' : 'info'}
              borderRadius="md"
              data-testid="roi-subscription"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {t('roiCalculator.results.subscriptionTitle', { min: n(SUBSCRIPTION_MIN_CREDITS_PER_YEAR) })}
                </Alert.Title>
                <Alert.Description>
                  {result.subscriptionPossible
                    ? t('roiCalculator.results.subscriptionYes', { credits: n(result.creditsPerYear) })
                    : t('roiCalculator.results.subscriptionNo', {
                        credits: n(result.creditsPerYear),
                        missing: n(SUBSCRIPTION_MIN_CREDITS_PER_YEAR - result.creditsPerYear),
                      })}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          </>
        )}
        <Stack gap="1.5" fontSize="xs" color="fg.muted">
          <Text>{t('roiCalculator.results.noteRule', { min: CREDITS_MIN, max: CREDITS_MAX })}</Text>
          <Text>{t('roiCalculator.results.noteEmpty', { min: CREDITS_MIN })}</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
