import { Box, Center, Heading, Image, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useIsDesktop } from '../../lib/use-viewport-width';
import { MonitorOffIcon } from '../icons/icons';

/** Below 1024 px only a message shows that the app is made for desktop screens. */
export function DesktopOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const isDesktop = useIsDesktop();
  if (isDesktop) return <>{children}</>;
  return (
    <Center minH="100vh" p="8" bg="bg.subtle" data-testid="desktop-only">
      <VStack gap="5" maxW="sm" textAlign="center" bg="bg" p="8" borderRadius="xl" boxShadow="md">
        <Image src="/logo.svg" alt="" boxSize="12" />
        <Box fontSize="4xl" color="brand.solid">
          <MonitorOffIcon />
        </Box>
        <Heading size="lg">{t('shell.desktopOnlyTitle')}</Heading>
        <Text color="fg.muted">{t('shell.desktopOnly')}</Text>
      </VStack>
    </Center>
  );
}
