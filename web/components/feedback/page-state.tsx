import { Box, Button, Center, Heading, Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { LockIcon } from '../icons/icons';

export function PageSpinner() {
  const t = useT();
  return (
    <Center minH="50vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {t('common.loading')}
        </Text>
      </VStack>
    </Center>
  );
}

/** The centred message for load failures. */
export function PageError({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <Center minH="40vh" data-testid="page-error">
      <VStack gap="4">
        <Text color="red.600" fontWeight="semibold">
          {t('common.loadError')}
        </Text>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </VStack>
    </Center>
  );
}

export function CenteredMessage({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Center minH="50vh" px="6">
      <VStack gap="3" maxW="md" textAlign="center">
        {icon && (
          <Box fontSize="4xl" color="fg.subtle">
            {icon}
          </Box>
        )}
        <Heading size="lg">{title}</Heading>
        <Text color="fg.muted">{text}</Text>
        {children}
      </VStack>
    </Center>
  );
}

export function NoPermission() {
  const t = useT();
  return <CenteredMessage icon={<LockIcon />} title={t('shell.noPermissionTitle')} text={t('shell.noPermission')} />;
}
