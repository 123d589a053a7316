import { Button, Field, HStack, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { useRegenerateMagicKey } from '../api/use-regenerate-magic-key';
import { CheckIcon, CopyIcon, RefreshIcon } from './user-icons';

/**
 * The read-only API key with a copy button and, where the server allows it (the user themselves
 * or an operator), a regenerate action. A failed copy shows nothing, which is why
 * this does not use Chakra's Clipboard: that one reports "copied" even when writing fails.
 */
export function ApiKeyField({
  userId,
  magicKey,
  canRegenerate,
}: {
  userId: string;
  magicKey: string | null;
  canRegenerate: boolean;
}) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { trigger, isMutating } = useRegenerateMagicKey();
  const [key, setKey] = useState(magicKey);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  useEffect(() => setKey(magicKey), [magicKey]);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      // Nothing to show: the key stays selectable in the field.
    }
  };

  const regenerate = async () => {
    setRefusal(null);
    try {
      const result = await trigger({ userId });
      const newKey = result?.regenerateMagicKey.message;
      if (newKey) setKey(newKey);
      setConfirming(false);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  return (
    <Stack gap="2">
      <Field.Root readOnly>
        <Field.Label>{t('users.apiKey.label')}</Field.Label>
        <InputGroup
          endElement={
            <IconButton
              variant="ghost"
              size="xs"
              aria-label={copied ? t('common.copied') : t('common.copy')}
              title={t('common.copy')}
              onClick={() => void copy()}
              disabled={!key}
              data-testid="api-key-copy"
              data-copied={copied || undefined}
            >
              {copied ? <CheckIcon color="var(--chakra-colors-green-600)" /> : <CopyIcon />}
            </IconButton>
          }
        >
          <Input
            readOnly
            value={key ?? ''}
            placeholder={t('users.apiKey.none')}
            fontFamily="mono"
            fontSize="sm"
            data-testid="api-key"
            onFocus={(event) => event.currentTarget.select()}
          />
        </InputGroup>
        <Field.HelperText>{t('users.apiKey.hint')}</Field.HelperText>
      </Field.Root>
      {canRegenerate &&
        (confirming ? (
          <Stack gap="2" p="3" borderRadius="md" bg="orange.subtle" data-testid="api-key-confirm">
            <Text fontSize="sm">{t('users.apiKey.confirm')}</Text>
            <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
            <HStack gap="2">
              <Button
                size="xs"
                colorPalette="orange"
                loading={isMutating}
                onClick={() => void regenerate()}
                data-testid="api-key-regenerate-confirm"
              >
                {t('users.apiKey.regenerate')}
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  setConfirming(false);
                  setRefusal(null);
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
            data-testid="api-key-regenerate"
          >
            <RefreshIcon />
            {t('users.apiKey.regenerate')}
          </Button>
        ))}
    </Stack>
  );
}
