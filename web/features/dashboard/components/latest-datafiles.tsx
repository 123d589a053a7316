import { Badge, Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatDate, formatNumber } from '../../../lib/format';
import type { GetMyDatafilesSummaryForDashboardQuery } from '../../../lib/gql/graphql';
import { useLocale, useT } from '../../../lib/i18n';
import { TrafficLightDot } from './traffic-light';

type Latest = GetMyDatafilesSummaryForDashboardQuery['getMyDatafilesSummaryForDashboard']['latestDatafiles'];

/** The newest datafiles with their mean combined score's traffic light, each opening its result page. */
export function LatestDatafiles({ files }: { files: Latest }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card.Root variant="outline" bg="bg" data-testid="latest-datafiles">
      <Card.Header>
        <Heading size="md">{t('dashboard.latestTitle')}</Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="1" as="ul" listStyleType="none">
          {files.map((f) => (
            <Box as="li" key={f.id}>
              <Link href={`/datafile-result?datafileId=${f.id}`} data-testid="latest-datafile" data-datafile-id={f.id}>
                <Flex align="center" gap="3" px="3" py="2.5" borderRadius="md" _hover={{ bg: 'bg.muted' }}>
                  <TrafficLightDot light={f.trafficLight} />
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate title={f.title}>
                      {f.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {formatDate(f.createdAt, locale)} · {t('dashboard.records', { count: f.numberOfRecords })}
                    </Text>
                  </Box>
                  <Badge
                    variant="subtle"
                    colorPalette="gray"
                    fontVariantNumeric="tabular-nums"
                    data-testid="latest-datafile-score"
                  >
                    {f.averageCombinedScore === null
                      ? t('dashboard.notScored')
                      : formatNumber(f.averageCombinedScore, locale)}
                  </Badge>
                </Flex>
              </Link>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
