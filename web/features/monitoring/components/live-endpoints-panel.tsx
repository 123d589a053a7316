import { Box, Card, Center, Heading, Spinner, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { timeSeriesChart, UplotChart } from '../../../components/charts/uplot-chart';
import { PageError } from '../../../components/feedback/page-state';
import { formatNumber, intlLocale } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type LiveEndpointTraffic, useGetLiveEndpointTraffic } from '../api/use-get-live-endpoint-traffic';
import { formatInstant } from './units';

function TrafficChart({ traffic }: { traffic: LiveEndpointTraffic }) {
  const t = useT();
  const locale = useLocale();
  const spec = useMemo(
    () =>
      timeSeriesChart({
        times: traffic.minutes.map((m) => Date.parse(m.minute)),
        series: [
          { label: t('monitoring.live.requests'), values: traffic.minutes.map((m) => m.requests), fill: true },
          { label: t('monitoring.live.refusals'), values: traffic.minutes.map((m) => m.refusals), color: '#c2255c' },
        ],
        intlLocale: intlLocale(locale),
        format: (v) => formatNumber(v, locale),
      }),
    [traffic, locale, t],
  );
  return <UplotChart spec={spec} height={200} testId="live-chart" ariaLabel={t('monitoring.live.chartLabel')} />;
}

/** Calls of the live endpoints per minute over the last hour (all processes), and per endpoint. */
export function LiveEndpointsPanel() {
  const t = useT();
  const locale = useLocale();
  const { data, error, mutate } = useGetLiveEndpointTraffic(60);
  const traffic = data?.getLiveEndpointTraffic;
  return (
    <Card.Root variant="outline" bg="bg" data-testid="live-panel">
      <Card.Header pb="0">
        <Heading size="md">{t('monitoring.live.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('monitoring.live.subtitle')}
        </Text>
      </Card.Header>
      <Card.Body>
        {error && !traffic ? (
          <PageError onRetry={() => void mutate()} />
        ) : !traffic ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : traffic.endpoints.length === 0 ? (
          <Center py="10" color="fg.muted" textAlign="center" data-testid="live-empty">
            {t('monitoring.live.empty')}
          </Center>
        ) : (
          <>
            <TrafficChart traffic={traffic} />
            <Box overflowX="auto" mt="4">
              <Table.Root size="sm" data-testid="live-table" css={{ '& th': { fontSize: 'xs' } }}>
                <Table.Header>
                  <Table.Row>
                    {['endpoint', 'requests', 'refusals', 'refusalRate', 'lastCall'].map((c) => (
                      <Table.ColumnHeader key={c} textAlign={c === 'endpoint' || c === 'lastCall' ? 'start' : 'end'}>
                        {t(`monitoring.live.columns.${c}`)}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {traffic.endpoints.map((e) => (
                    <Table.Row key={e.endpoint} data-testid="live-row">
                      <Table.Cell fontFamily="mono" fontSize="xs">
                        {e.endpoint}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(e.requests, locale)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(e.refusals, locale)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {e.requests > 0 ? `${formatNumber((e.refusals / e.requests) * 100, locale, 1)} %` : '–'}
                      </Table.Cell>
                      <Table.Cell>{formatInstant(e.lastCallAt, locale)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
