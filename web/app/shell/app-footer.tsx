import { Flex, HStack, Link, Text } from '@chakra-ui/react';
import { externalLinks } from '../../lib/external-links';
import { useT } from '../../lib/i18n';

export const APP_VERSION: string = __APP_VERSION__;

export function AppFooter() {
  const t = useT();
  return (
    <Flex
      as="footer"
      justify="space-between"
      align="center"
      px="8"
      py="4"
      borderTopWidth="1px"
      borderColor="border.muted"
      fontSize="xs"
      color="fg.muted"
      bg="bg"
      data-testid="app-footer"
    >
      <Text>{t('shell.footerCopyright', { year: new Date().getFullYear() })}</Text>
      <HStack gap="5">
        <Link href={externalLinks.terms} target="_blank" rel="noopener noreferrer">
          {t('shell.terms')}
        </Link>
        <Link href={externalLinks.privacy} target="_blank" rel="noopener noreferrer">
          {t('shell.privacy')}
        </Link>
        <Text data-testid="app-version">{t('shell.version', { version: APP_VERSION })}</Text>
      </HStack>
    </Flex>
  );
}
