import { Badge, Box, Button, Card, DataList, Heading, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Link, Redirect, useSearch } from 'wouter';
import { PageError, PageSpinner } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useLiveIntegration } from '../api/use-live-import';
import { StartReceiving } from '../components/start-receiving';
import { CopyButton } from '../components/copy-button';
import { LiveSteps } from '../components/live-steps';
import { KeyAndSecret } from '../components/secret-field';
import { LimitsCard } from '../components/limits-card';
import { TestRespondent } from '../components/test-respondent';
import { FORSTA_TEMPLATES, type ForstaTemplate } from '../state/live-draft';
import { snippetFor, type SnippetTool } from '../state/snippets';

const TOOLS: SnippetTool[] = ['NFIELD', 'FORSTA', 'QUALTRICS', 'HTTP'];

/**
 * The integration of a live datafile: its keys (the public browser key for the survey page, the
 * server key for servers; copyable, rotated one at a time), the snippet for each survey tool (the
 * datafile's own tool first), its ceilings and limits, a test respondent, and the respondents
 * received so far (polled).
 */
export function SnippetPage() {
  const t = useT();
  const locale = useLocale();
  const params = new URLSearchParams(useSearch());
  const datafileId = params.get('datafileId');
  const template = (FORSTA_TEMPLATES as readonly string[]).includes(params.get('template') ?? '')
    ? (params.get('template') as ForstaTemplate)
    : 'DECIPHER_XML';
  const query = useLiveIntegration(datafileId);
  if (!datafileId) return <Redirect to="/live-import" replace />;
  if (query.isLoading) return <PageSpinner />;
  const integration = query.data?.getLiveDatafileIntegration;
  if (!integration) return <PageError onRetry={() => void query.mutate()} />;
  const own: SnippetTool =
    integration.surveySoftware && integration.surveySoftware !== 'OTHER' ? integration.surveySoftware : 'HTTP';
  const target = {
    endpoint: integration.endpoint,
    secretKey: integration.secretKey,
    serverKey: integration.serverKey,
    pages: integration.pages,
  };
  // The snippet's address comes from PUBLIC_URL; opened under another name, the user should know the
  // survey tool is sent there, not to the address in the browser's bar.
  const endpointOrigin = new URL(integration.endpoint, window.location.href).origin;
  const elsewhere = endpointOrigin !== window.location.origin;
  const stopped = integration.status === 'STOPPED';
  const draft = integration.status === 'DRAFT';
  return (
    <Box maxW="5xl">
      <PageHeader
        title={t('liveImport.snippet.title')}
        subtitle={t('liveImport.snippet.subtitle', { name: integration.name })}
        crumbs={[
          { label: t('nav.dashboard'), href: '/' },
          { label: t('routes.liveImport'), href: '/live-import' },
          { label: t('routes.snippetIntegrationInstructions') },
        ]}
      />
      <LiveSteps current={3} />
      <Stack gap="5">
        {draft && <StartReceiving datafileId={integration.datafileId} />}
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
          <Card.Root variant="outline" bg="bg">
            <Card.Header>
              <Heading size="md">{t('liveImport.snippet.credentials')}</Heading>
            </Card.Header>
            <Card.Body>
              <KeyAndSecret
                datafileId={integration.datafileId}
                secret={integration.secretKey}
                serverKey={integration.serverKey}
                onRegenerated={() => query.mutate()}
              />
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" bg="bg">
            <Card.Header>
              <Heading size="md">{t('liveImport.snippet.received')}</Heading>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('liveImport.snippet.status')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <Badge colorPalette={stopped ? 'orange' : draft ? 'gray' : 'green'} data-testid="live-status">
                      {t(
                        stopped
                          ? 'liveImport.snippet.stopped'
                          : draft
                            ? 'liveImport.snippet.draft'
                            : 'liveImport.snippet.open',
                      )}
                    </Badge>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('liveImport.snippet.respondents')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="live-respondents">
                    {formatNumber(integration.numberOfRespondents, locale)}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('liveImport.snippet.cost')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="live-cost">
                    {t('liveImport.snippet.credits', { credits: formatNumber(integration.cost, locale) })}
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('liveImport.snippet.endpoint')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <HStack gap="1">
                      <Text fontFamily="mono" fontSize="xs" wordBreak="break-all" data-testid="live-endpoint">
                        {integration.endpoint}
                      </Text>
                      <CopyButton text={integration.endpoint} />
                    </HStack>
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
              {elsewhere && (
                <Text fontSize="sm" color="fg.muted" mt="3" data-testid="live-endpoint-elsewhere">
                  {t('liveImport.snippet.endpointElsewhere', {
                    endpoint: endpointOrigin,
                    page: window.location.origin,
                  })}
                </Text>
              )}
              {stopped && (
                <Text fontSize="sm" color="fg.muted" mt="3">
                  {t('liveImport.snippet.stoppedHelp')}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted" mt="3">
                {t('liveImport.snippet.refreshHelp')}
              </Text>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Card.Root variant="outline" bg="bg">
          <Card.Header>
            <Heading size="md">{t('liveImport.snippet.snippets')}</Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('liveImport.snippet.snippetsHelp')}
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="live-snippet-keys-help">
              {t('liveImport.snippet.snippetsKeys')}
            </Text>
          </Card.Header>
          <Card.Body>
            <Tabs.Root defaultValue={own} variant="line" lazyMount>
              <Tabs.List>
                {TOOLS.map((tool) => (
                  <Tabs.Trigger key={tool} value={tool} data-testid={`live-snippet-tab-${tool}`}>
                    {t(`liveImport.snippet.tools.${tool}`)}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {TOOLS.map((tool) => {
                const code = snippetFor(tool, target, template);
                return (
                  <Tabs.Content key={tool} value={tool}>
                    <Box position="relative">
                      <Box position="absolute" top="2" right="2" bg="bg" borderRadius="md">
                        <CopyButton text={code} testId={`live-snippet-copy-${tool}`} />
                      </Box>
                      <Box
                        as="pre"
                        p="4"
                        pr="12"
                        bg="bg.muted"
                        borderRadius="md"
                        fontSize="xs"
                        fontFamily="mono"
                        overflowX="auto"
                        maxH="96"
                        whiteSpace="pre"
                        data-testid={`live-snippet-${tool}`}
                      >
                        {code}
                      </Box>
                    </Box>
                  </Tabs.Content>
                );
              })}
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
        <LimitsCard integration={integration} />
        <Card.Root variant="outline" bg="bg">
          <Card.Header>
            <Heading size="md">{t('liveImport.snippet.test')}</Heading>
          </Card.Header>
          <Card.Body>
            <TestRespondent integration={integration} />
          </Card.Body>
        </Card.Root>
        <HStack justify="flex-end">
          <Button asChild variant="outline">
            <Link href="/">{t('common.backToDashboard')}</Link>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
