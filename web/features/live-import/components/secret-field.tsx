import { Badge, Button, Field, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useRegenerateLiveSecret, useRegenerateLiveServerKey } from '../api/use-live-import';
import { CopyButton } from './copy-button';

function KeyField({
  label,
  value,
  testId,
  help,
  badge,
}: {
  label: string;
  value: string;
  testId: string;
  help: string;
  badge?: { text: string; palette: string };
}) {
  return (
    <Field.Root readOnly>
      <Field.Label>
        {label}
        {badge && (
          <Badge size="sm" colorPalette={badge.palette} ms="2">
            {badge.text}
          </Badge>
        )}
      </Field.Label>
      <InputGroup endElement={value ? <CopyButton text={value} testId={`${testId}-copy`} /> : undefined}>
        <Input
          readOnly
          value={value}
          fontFamily="mono"
          fontSize="sm"
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
        />
      </InputGroup>
      <Field.HelperText>{help}</Field.HelperText>
    </Field.Root>
  );
}

/** A key's rotate button, and its confirmation (the old key stops at once). */
function Rotate({
  label,
  confirm,
  testId,
  run,
}: {
  label: string;
  confirm: string;
  testId: string;
  run: () => Promise<unknown>;
}) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!confirming)
    return (
      <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setConfirming(true)} data-testid={testId}>
        {label}
      </Button>
    );
  return (
    <Stack gap="2" p="3" borderRadius="md" bg="orange.subtle" data-testid={`${testId}-confirmation`}>
      <Text fontSize="sm">{confirm}</Text>
      <ErrorAlert message={error} onDismiss={() => setError(null)} />
      <HStack gap="2">
        <Button
          size="xs"
          colorPalette="orange"
          loading={busy}
          data-testid={`${testId}-confirm`}
          onClick={async () => {
            setError(null);
            setBusy(true);
            try {
              await run();
              setConfirming(false);
            } catch (e) {
              setError(translateRefusal(refusalOf(e)));
            } finally {
              setBusy(false);
            }
          }}
        >
          {label}
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setConfirming(false);
            setError(null);
          }}
        >
          {t('common.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * The datafile's key (its id, in the URL) and its two keys for the X-Live-Key header: the public
 * browser key for the survey page's snippet, the server key for calls from a server. Each is
 * copyable and rotated on its own after a confirmation; rotating one leaves the other working.
 */
export function KeyAndSecret({
  datafileId,
  secret,
  serverKey,
  onRegenerated,
}: {
  datafileId: string;
  secret: string;
  serverKey: string;
  onRegenerated: () => Promise<unknown>;
}) {
  const t = useT();
  const browser = useRegenerateLiveSecret();
  const server = useRegenerateLiveServerKey();
  return (
    <Stack gap="4">
      <KeyField
        label={t('liveImport.snippet.key')}
        value={datafileId}
        testId="live-key"
        help={t('liveImport.snippet.keyHelp')}
      />
      <Stack gap="1">
        <KeyField
          label={t('liveImport.snippet.secret')}
          value={secret}
          testId="live-secret"
          help={t('liveImport.snippet.secretHelp')}
          badge={{ text: t('liveImport.snippet.inPages'), palette: 'blue' }}
        />
        <Rotate
          label={t('liveImport.snippet.regenerate')}
          confirm={t('liveImport.snippet.regenerateConfirm')}
          testId="live-secret-regenerate"
          run={async () => {
            await browser.trigger({ datafileId });
            await onRegenerated();
          }}
        />
      </Stack>
      <Stack gap="1">
        <KeyField
          label={t('liveImport.snippet.serverKey')}
          value={serverKey}
          testId="live-server-key"
          help={t(serverKey ? 'liveImport.snippet.serverKeyHelp' : 'liveImport.snippet.serverKeyNone')}
          badge={{ text: t('liveImport.snippet.neverInPages'), palette: 'red' }}
        />
        <Rotate
          label={t(serverKey ? 'liveImport.snippet.regenerateServerKey' : 'liveImport.snippet.makeServerKey')}
          confirm={t(
            serverKey ? 'liveImport.snippet.regenerateServerKeyConfirm' : 'liveImport.snippet.makeServerKeyConfirm',
          )}
          testId="live-server-key-regenerate"
          run={async () => {
            await server.trigger({ datafileId });
            await onRegenerated();
          }}
        />
      </Stack>
    </Stack>
  );
}
