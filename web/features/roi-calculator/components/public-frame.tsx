import { Box, Button, Flex, Image, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageMenu } from '../../../components/layout/language-menu';
import { useT } from '../../../lib/i18n';
import { sessionAtom } from '../../../lib/session';

/**
 * The frame of a public page without the app shell: the brand bar with the language switch (there is
 * no shell menu to change it) and a way to log in, or back into the app for whoever is logged in.
 * Public pages are opened from links, often on a phone: the frame works at any width.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const loggedIn = session !== null && session.expiresAt > Date.now();
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Flex
        as="header"
        h="16"
        align="center"
        justify="space-between"
        gap="3"
        px={{ base: '4', md: '8' }}
        bg="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Link href="/">
          <Flex align="center" gap="2.5">
            <Image src="/logo.svg" alt="" boxSize="8" />
            <Text fontWeight="bold" display={{ base: 'none', sm: 'block' }}>
              {t('common.appName')}
            </Text>
          </Flex>
        </Link>
        <Flex align="center" gap="3">
          <LanguageMenu variant="outline" />
          {loggedIn ? (
            <Button asChild size="sm" colorPalette="brand" data-testid="public-to-app">
              <Link href="/">{t('common.toApp')}</Link>
            </Button>
          ) : (
            <Button asChild size="sm" colorPalette="brand" data-testid="public-login">
              <Link href="/login">{t('roiCalculator.login')}</Link>
            </Button>
          )}
        </Flex>
      </Flex>
      <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '10' }}>
        {children}
      </Box>
      <Text textAlign="center" fontSize="sm" color="fg.muted" pb="8">
        {t('shell.footerCopyright', { year: new Date().getFullYear() })}
      </Text>
    </Box>
  );
}
