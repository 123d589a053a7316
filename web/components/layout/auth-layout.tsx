import { Box, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { CheckCircleIcon } from '../icons/icons';
import { LanguageMenu } from './language-menu';

/** The split layout of the public entry pages: brand panel left, the form card right. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Flex minH="100vh" bg="bg">
      <Flex
        direction="column"
        justify="space-between"
        w="42%"
        maxW="640px"
        p="12"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.800"
        gradientTo="teal.700"
      >
        <Flex align="center" gap="3">
          <Image src="/logo.svg" alt="" boxSize="10" />
          <Text fontSize="xl" fontWeight="bold">
            {t('common.appName')}
          </Text>
        </Flex>
        <Box>
          <Heading size="3xl" lineHeight="1.2" mb="4">
            {t('common.tagline')}
          </Heading>
          <Stack gap="3" maxW="md">
            {['auth.featureScores', 'auth.featureClean', 'auth.featureReports'].map((key) => (
              <Flex key={key} gap="3" align="flex-start" opacity={0.9}>
                <Box mt="1" flexShrink={0}>
                  <CheckCircleIcon />
                </Box>
                <Text>{t(key)}</Text>
              </Flex>
            ))}
          </Stack>
        </Box>
        <Text fontSize="sm" opacity={0.7}>
          {t('shell.footerCopyright', { year: new Date().getFullYear() })}
        </Text>
      </Flex>
      <Flex flex="1" direction="column" align="center" justify="center" p="10" position="relative">
        <Box position="absolute" top="6" right="8">
          <LanguageMenu variant="outline" />
        </Box>
        <Stack w="full" maxW="420px" gap="6">
          <Box>
            <Heading as="h1" size="2xl" fontWeight="semibold">
              {title}
            </Heading>
            {subtitle && (
              <Text color="fg.muted" mt="2">
                {subtitle}
              </Text>
            )}
          </Box>
          {children}
        </Stack>
      </Flex>
    </Flex>
  );
}
