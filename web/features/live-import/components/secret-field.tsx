import { Button, Field, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useRegenerateLiveSecret } from '../api/use-live-import';
import { CopyButton } from './copy-button';

/** The datafile's key (its id, in the URL) and secret (the X-Live-Key header), both copyable; the secret regenerable after a confirmation. */
export function KeyAndSecret({
  datafileId,
  secret,
  onRegenerated,
}: {
  datafileId: string;
  secret: string;
  onRegenerated: () => Promise<unknown>;
}) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const regenerate = useRegenerateLiveSecret();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = (label: string, value: string, testId: string, help: string) => (
    <Field.Root readOnly>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement={<CopyButton text={value} testId={`${testId}-copy`} />}>
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
  return (
    <Stack gap="3">
      {field(t('liveImport.snippet.key'), datafileId, 'live-key', t('liveImport.snippet.keyHelp'))}
      {field(t('liveImport.snippet.secret'), secret, 'live-secret', t('liveImport.snippet.secretHelp'))}
      {confirming ? (
        <Stack gap="2" p="3" borderRadius="md" bg="orange.subtle" data-testid="live-secret-confirm">
          <Text fontSize="sm">{t('liveImport.snippet.regenerateConfirm')}</Text>
          <ErrorAlert message={error} onDismiss={() => setError(null)} />
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette="orange"
              loading={regenerate.isMutating}
              data-testid="live-secret-regenerate-confirm"
              onClick={async () => {
                setError(null);
                try {
                  await regenerate.trigger({ datafileId });
                  await onRegenerated();
                  setConfirming(false);
                } catch (e) {
                  setError(translateRefusal(refusalOf(e)));
                }
              }}
            >
              {t('liveImport.snippet.regenerate')}
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
      ) : (
        <Button
          size="xs"
          variant="ghost"
          alignSelf="flex-start"
          onClick={() => setConfirming(true)}
          data-testid="live-secret-regenerate"
        >
          {t('liveImport.snippet.regenerate')}
        </Button>
      )}
    </Stack>
  );
}
