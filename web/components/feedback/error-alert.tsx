import { Alert, CloseButton } from '@chakra-ui/react';
import { useT } from '../../lib/i18n';

/** The dismissible red alert that shows a translated error in forms and modals. */
export function ErrorAlert({ message, onDismiss }: { message: string | null; onDismiss?: () => void }) {
  const t = useT();
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="md" alignItems="center" data-testid="error-alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onDismiss && <CloseButton size="sm" aria-label={t('common.dismiss')} onClick={onDismiss} />}
    </Alert.Root>
  );
}

export function SuccessAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="success" borderRadius="md" data-testid="success-alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
