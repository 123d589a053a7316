import { Alert, Badge, Box, Button, DataList, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { fetchWithCause, NetworkFailureError, networkFailureMessage } from '../../../lib/network-failure';
import type { LiveIntegration } from '../api/use-live-import';
import { testRespondent } from '../state/snippets';

type Answer = {
  recordId: string;
  credits: number;
  decision: 'KEEP' | 'REMOVE';
  scores: { ts: number | null; oes: number | null; ibs: number | null; combined: number | null; bas?: number | null };
  warnings?: { code: string; field: string; sent: number; expected: number }[];
};
type Outcome = { ok: true; answer: Answer } | { ok: false; status: number; message: string };

/**
 * The endpoint's path on the origin this page came from. The endpoint's full address is built from
 * PUBLIC_URL for the survey tool; a page opened under another host name (127.0.0.1 for localhost, a
 * second name, a proxy) may not reach that address, nor does its security policy allow it.
 */
function sameOriginPath(endpoint: string): string {
  const url = new URL(endpoint, window.location.href);
  return `${url.pathname}${url.search}`;
}

/**
 * 'Send a test respondent': one plausible respondent to the real endpoint with the real secret, as
 * the snippet would send it, marked as a test (X-Live-Test): scored, answered, but neither stored
 * nor charged. Shows the endpoint's answer, or its refusal in words (a request without an answer
 * names its cause).
 */
export function TestRespondent({ integration }: { integration: LiveIntegration }) {
  const t = useT();
  const locale = useLocale();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const res = await fetchWithCause(sameOriginPath(integration.endpoint), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-live-key': integration.secretKey,
          'x-live-test': '1',
          'accept-language': locale,
        },
        body: JSON.stringify(testRespondent(integration.pages, locale)),
      });
      const body = (await res.json().catch(() => ({}))) as Answer & { error?: { message?: string } };
      setOutcome(
        res.ok
          ? { ok: true, answer: body }
          : { ok: false, status: res.status, message: body.error?.message ?? t('liveImport.snippet.testFailed') },
      );
    } catch (error) {
      setOutcome({
        ok: false,
        status: 0,
        message:
          error instanceof NetworkFailureError
            ? networkFailureMessage(locale, error.failure)
            : t('liveImport.snippet.testUnreachable'),
      });
    } finally {
      setSending(false);
    }
  };
  const score = (v: number | null) => (v === null ? t('liveImport.snippet.noScore') : formatNumber(v, locale, 0));
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t('liveImport.snippet.testHelp')}
      </Text>
      <Button
        alignSelf="flex-start"
        variant="outline"
        colorPalette="brand"
        loading={sending}
        onClick={() => void send()}
        data-testid="live-test-send"
      >
        {t('liveImport.snippet.testSend')}
      </Button>
      {outcome?.ok === true && (
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="live-test-answer">
          <Text fontWeight="semibold" mb="2">
            {t('liveImport.snippet.testAnswer')}{' '}
            <Badge colorPalette={outcome.answer.decision === 'KEEP' ? 'green' : 'red'} data-testid="live-test-decision">
              {t(`liveImport.snippet.decision.${outcome.answer.decision}`)}
            </Badge>
          </Text>
          <DataList.Root orientation="horizontal" size="sm">
            {(['combined', 'oes', 'ibs', 'ts', 'bas'] as const).map((k) => (
              <DataList.Item key={k}>
                <DataList.ItemLabel>{t(`liveImport.snippet.scores.${k}`)}</DataList.ItemLabel>
                <DataList.ItemValue data-testid={`live-test-${k}`}>
                  {score(outcome.answer.scores[k] ?? null)}
                  {/* No Time-Score without a median of 30 valid respondents: say so instead of a bare dash. */}
                  {k === 'ts' && outcome.answer.scores.ts === null ? ` (${t('liveImport.snippet.tsFrom30')})` : ''}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel>{t('liveImport.snippet.testCredits')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {t('liveImport.snippet.testCreditsValue', { credits: outcome.answer.credits })}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {(outcome.answer.warnings ?? []).map((w) => (
            <Text key={w.field} fontSize="sm" color="fg.warning" mt="2" data-testid="live-test-warning">
              {t('liveImport.snippet.gridItemsMissing', {
                page: w.field.replace(/^answers\.|\.items$/g, ''),
                sent: w.sent,
                expected: w.expected,
              })}
            </Text>
          ))}
          <Text fontSize="sm" color="fg.muted" mt="2" data-testid="live-test-note">
            {t('liveImport.snippet.testNote')}
          </Text>
        </Box>
      )}
      {outcome?.ok === false && (
        <Alert.Root status="error" data-testid="live-test-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {outcome.status ? `${outcome.status}: ` : ''}
              {outcome.message}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
