import { Badge, Box, Card, Center, Heading, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { PageError } from '../../../components/feedback/page-state';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetLiveEndpointTraffic } from '../api/use-get-live-endpoint-traffic';
import { formatInstant } from './units';

const KEY_KINDS = ['BROWSER', 'SERVER', 'WRONG', 'NONE'] as const;
const KEY_PALETTE: Record<string, string> = { BROWSER: 'blue', SERVER: 'purple', WRONG: 'red', NONE: 'gray' };

/**
 * What the live endpoints refused over the last hour, across all processes: refusals by reason
 * (catalogue reason, else code), and the newest refused calls with the datafile id they named, the
 * key kind and the caller's network and address hash (never the address).
 */
export function RefusedTrafficPanel() {
  const t = useT();
  const locale = useLocale();
  const { data, error, mutate } = useGetLiveEndpointTraffic(60);
  const traffic = data?.getLiveEndpointTraffic;
  const keyKind = (kind: string | null | undefined) =>
    kind && (KEY_KINDS as readonly string[]).includes(kind) ? t(`monitoring.refused.keyKinds.${kind}`) : '–';
  return (
    <Card.Root variant="outline" bg="bg" data-testid="refused-panel">
      <Card.Header pb="0">
        <Heading size="md">{t('monitoring.refused.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('monitoring.refused.subtitle')}
        </Text>
      </Card.Header>
      <Card.Body>
        {error && !traffic ? (
          <PageError onRetry={() => void mutate()} />
        ) : !traffic ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : traffic.refusalReasons.length === 0 ? (
          <Center py="10" color="fg.muted" textAlign="center" data-testid="refused-empty">
            {t('monitoring.refused.empty')}
          </Center>
        ) : (
          <SimpleGrid columns={{ base: 1, xl: 3 }} gap="5">
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="refused-reasons" css={{ '& th': { fontSize: 'xs' } }}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('monitoring.refused.columns.reason')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('monitoring.refused.columns.refusals')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {traffic.refusalReasons.map((r) => (
                    <Table.Row key={r.reason} data-testid="refused-reason">
                      <Table.Cell fontFamily="mono" fontSize="xs" wordBreak="break-all">
                        {r.reason}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatNumber(r.refusals, locale)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <Stack gap="2" gridColumn={{ xl: 'span 2' }} minW="0">
              <Text fontSize="sm" fontWeight="semibold">
                {t('monitoring.refused.samples')}
              </Text>
              <Box overflowX="auto" maxH="80" overflowY="auto">
                <Table.Root
                  size="sm"
                  data-testid="refused-samples"
                  css={{ '& th': { fontSize: 'xs' }, '& td': { fontSize: 'xs' } }}
                >
                  <Table.Header>
                    <Table.Row>
                      {(['at', 'reason', 'datafile', 'key', 'source', 'origin'] as const).map((c) => (
                        <Table.ColumnHeader key={c}>{t(`monitoring.refused.columns.${c}`)}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {traffic.recentRefusals.map((s, i) => (
                      <Table.Row key={`${s.at}-${i}`} data-testid="refused-sample">
                        <Table.Cell whiteSpace="nowrap">{formatInstant(s.at, locale)}</Table.Cell>
                        <Table.Cell fontFamily="mono">{s.reason}</Table.Cell>
                        <Table.Cell fontFamily="mono" maxW="40" truncate title={s.datafileId ?? undefined}>
                          {s.datafileId ?? '–'}
                        </Table.Cell>
                        <Table.Cell>
                          <Badge size="sm" colorPalette={KEY_PALETTE[s.keyKind ?? ''] ?? 'gray'}>
                            {keyKind(s.keyKind)}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                          {s.source ?? '–'}
                        </Table.Cell>
                        <Table.Cell fontFamily="mono" maxW="48" truncate title={s.origin ?? undefined}>
                          {s.origin ?? '–'}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            </Stack>
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
