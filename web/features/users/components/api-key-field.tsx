import { Button, Field, HStack, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { formatDate } from '../../../lib/format';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { useRegenerateMagicKey } from '../api/use-regenerate-magic-key';
import { useRevokeMagicKey } from '../api/use-revoke-magic-key';
import { CheckIcon, CopyIcon, RefreshIcon, TrashIcon } from './user-icons';

/** What the server tells about a user's API key: that it exists, never the key. */
export type ApiKeyInfo = { hint?: string | null; createdAt?: string | null } | null | undefined;

/**
 * A user's API key as far as anyone may see it: whether one exists, its last four characters and
 * when it was made. The key itself is stored only as a fingerprint, so it is shown once, to its own
 * user, right after they generate it (`own`); an admin or operator can revoke it (`canRevoke`).
 * A failed copy shows nothing, which is why this does not use Chakra's Clipboard: that one reports
 * "copied" even when writing fails.
 */
export function ApiKeyField({
  userId,
  apiKey,
  own,
  canRevoke,
}: {
  userId: string;
  apiKey: ApiKeyInfo;
  own: boolean;
  canRevoke: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const regenerateKey = useRegenerateMagicKey();
  const revokeKey = useRevokeMagicKey();
  const [shownOnce, setShownOnce] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // What this field just did, until the user it shows is read again: a modal holds the user as it
  // was when it opened, and should not show a revoked key as still there.
  const [changed, setChanged] = useState<{ key: ApiKeyInfo } | null>(null);
  const current = changed ? changed.key : apiKey;

  // Another user's card: the one-time key of before is gone.
  useEffect(() => setShownOnce(null), [userId]);
  useEffect(() => setChanged(null), [userId, apiKey]);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!shownOnce) return;
    try {
      await navigator.clipboard.writeText(shownOnce);
      setCopied(true);
    } catch {
      // Nothing to show: the key stays selectable in the field.
    }
  };

  const act = async (action: 'regenerate' | 'revoke') => {
    setRefusal(null);
    try {
      if (action === 'regenerate') {
        const result = await regenerateKey.trigger({ userId });
        const key = result?.regenerateMagicKey.message ?? null;
        setShownOnce(key);
        if (key) setChanged({ key: { hint: key.slice(-4), createdAt: new Date().toISOString() } });
      } else {
        await revokeKey.trigger({ userId });
        setShownOnce(null);
        setChanged({ key: null });
      }
      setConfirming(null);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  const status = !current
    ? t('users.apiKey.none')
    : current.hint
      ? t('users.apiKey.exists', {
          hint: current.hint,
          date: current.createdAt ? formatDate(current.createdAt, locale) : '–',
        })
      : t('users.apiKey.existsWithoutHint');

  return (
    <Stack gap="2" data-testid="api-key-field">
      <Field.Root readOnly>
        <Field.Label>{t('users.apiKey.label')}</Field.Label>
        <Text fontSize="sm" data-testid="api-key-status" data-has-key={current ? 'true' : 'false'}>
          {status}
        </Text>
        {shownOnce && (
          <Stack gap="1" w="full" data-testid="api-key-once">
            <InputGroup
              endElement={
                <IconButton
                  variant="ghost"
                  size="xs"
                  aria-label={copied ? t('common.copied') : t('common.copy')}
                  title={t('common.copy')}
                  onClick={() => void copy()}
                  data-testid="api-key-copy"
                  data-copied={copied || undefined}
                >
                  {copied ? <CheckIcon color="var(--chakra-colors-green-600)" /> : <CopyIcon />}
                </IconButton>
              }
            >
              <Input
                readOnly
                value={shownOnce}
                fontFamily="mono"
                fontSize="sm"
                data-testid="api-key"
                onFocus={(event) => event.currentTarget.select()}
              />
            </InputGroup>
            <Text fontSize="sm" color="orange.fg" fontWeight="medium">
              {t('users.apiKey.shownOnce')}
            </Text>
          </Stack>
        )}
        <Field.HelperText>{t('users.apiKey.hint')}</Field.HelperText>
      </Field.Root>
      {confirming ? (
        <Stack gap="2" p="3" borderRadius="md" bg="orange.subtle" data-testid="api-key-confirm">
          <Text fontSize="sm">
            {t(confirming === 'revoke' ? 'users.apiKey.revokeConfirm' : 'users.apiKey.confirm')}
          </Text>
          <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette={confirming === 'revoke' ? 'red' : 'orange'}
              loading={regenerateKey.isMutating || revokeKey.isMutating}
              onClick={() => void act(confirming)}
              data-testid={`api-key-${confirming}-confirm`}
            >
              {t(confirming === 'revoke' ? 'users.apiKey.revoke' : 'users.apiKey.regenerate')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                setConfirming(null);
                setRefusal(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="2">
          {own && (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => (current ? setConfirming('regenerate') : void act('regenerate'))}
              loading={!current && regenerateKey.isMutating}
              data-testid="api-key-regenerate"
            >
              <RefreshIcon />
              {t(current ? 'users.apiKey.regenerate' : 'users.apiKey.generate')}
            </Button>
          )}
          {canRevoke && current && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => setConfirming('revoke')}
              data-testid="api-key-revoke"
            >
              <TrashIcon />
              {t('users.apiKey.revoke')}
            </Button>
          )}
        </HStack>
      )}
      {!confirming && (
        <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
      )}
    </Stack>
  );
}
