import { Box, Card, Center, DataList, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Bar } from './bar';
import { PageError } from '../../../components/feedback/page-state';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetSystemSize } from '../api/use-get-system-size';
import { formatBytes, formatInstant } from './units';

/** Database pages and WAL, and the blob store by folder (its walk is cached on the server for 5 minutes). */
export function SystemSizePanel() {
  const t = useT();
  const locale = useLocale();
  const { data, error, mutate } = useGetSystemSize();
  const size = data?.getSystemSize;
  return (
    <Card.Root variant="outline" bg="bg" data-testid="size-panel">
      <Card.Header pb="0">
        <Heading size="md">{t('monitoring.size.title')}</Heading>
      </Card.Header>
      <Card.Body>
        {error && !size ? (
          <PageError onRetry={() => void mutate()} />
        ) : !size ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : (
          <SimpleGrid columns={2} gap="8">
            <Stack gap="3" data-testid="size-database">
              <Text fontWeight="semibold">{t('monitoring.size.database')}</Text>
              <Text fontSize="3xl" fontWeight="semibold" data-testid="size-database-bytes">
                {formatBytes(size.database.bytes, locale)}
              </Text>
              <DataList.Root orientation="horizontal" size="sm">
                <DataList.Item>
                  <DataList.ItemLabel>{t('monitoring.size.pages')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {t('monitoring.size.pagesValue', {
                      count: formatNumber(size.database.pageCount, locale),
                      size: `${formatNumber(size.database.pageSize, locale)} B`,
                    })}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('monitoring.size.free')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatBytes(size.database.freeBytes, locale)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('monitoring.size.wal')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="size-wal">
                    {size.database.walBytes === null
                      ? t('monitoring.size.walServer')
                      : formatBytes(size.database.walBytes, locale)}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Stack>
            <Stack gap="3" data-testid="size-storage">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('monitoring.size.storage')}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {t(`monitoring.size.storageKind.${size.storage.kind}`)}
                </Text>
              </HStack>
              <Text fontSize="3xl" fontWeight="semibold" data-testid="size-storage-bytes">
                {formatBytes(size.storage.bytes, locale)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('monitoring.size.objects', { count: size.storage.objects })}
              </Text>
              <Stack gap="2">
                {size.storage.folders.map((f) => (
                  <Box key={f.prefix} data-testid="size-folder">
                    <HStack justify="space-between" fontSize="sm">
                      <Text fontFamily="mono">{f.prefix}/</Text>
                      <Text>
                        {formatBytes(f.bytes, locale)} · {formatNumber(f.objects, locale)}
                      </Text>
                    </HStack>
                    <Bar percent={size.storage.bytes > 0 ? (f.bytes / size.storage.bytes) * 100 : 0} height="1" />
                  </Box>
                ))}
              </Stack>
              <Text fontSize="xs" color="fg.subtle">
                {t('monitoring.size.measuredAt', { at: formatInstant(size.storage.measuredAt, locale) })}
              </Text>
            </Stack>
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
