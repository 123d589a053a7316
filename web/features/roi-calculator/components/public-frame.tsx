import { Box, Button, Flex, Image, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageMenu } from '../../../components/layout/language-menu';
import { useT } from '../../../lib/i18n';

/**
 * The frame of a public page without the app shell: the brand bar with the language switch (there is
 * no shell menu to change it) and a way to log in.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Flex
        as="header"
        h="16"
        align="center"
        justify="space-between"
        px="8"
        bg="bg"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Link href="/">
          <Flex align="center" gap="2.5">
            <Image src="/logo.svg" alt="" boxSize="8" />
            <Text fontWeight="bold">{t('common.appName')}</Text>
          </Flex>
        </Link>
        <Flex align="center" gap="3">
          <LanguageMenu variant="outline" />
          <Button asChild size="sm" colorPalette="brand">
            <Link href="/login">{t('roiCalculator.login')}</Link>
          </Button>
        </Flex>
      </Flex>
      <Box maxW="7xl" mx="auto" px="8" py="10">
        {children}
      </Box>
      <Text textAlign="center" fontSize="sm" color="fg.muted" pb="8">
        {t('shell.footerCopyright', { year: new Date().getFullYear() })}
      </Text>
    </Box>
  );
}
