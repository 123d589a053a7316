import { Box, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { CheckCircleIcon } from '../icons/icons';
import { LanguageMenu } from './language-menu';

/**
 * The split layout of the public entry pages: brand panel left, the form card right. Invitation and
 * password links are opened on phones too: below 768 px only the form shows, under a brand bar.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Flex minH="100vh" bg="bg">
      <Flex
        display={{ base: 'none', md: 'flex' }}
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
      <Flex
        flex="1"
        minW="0"
        direction="column"
        align="center"
        justify={{ base: 'flex-start', md: 'center' }}
        px={{ base: '5', md: '10' }}
        pt={{ base: '24', md: '10' }}
        pb="10"
        position="relative"
      >
        <Flex
          position="absolute"
          top={{ base: '4', md: '6' }}
          left={{ base: '5', md: 'auto' }}
          right={{ base: '5', md: '8' }}
          align="center"
          justify={{ base: 'space-between', md: 'flex-end' }}
        >
          <Flex align="center" gap="2" display={{ base: 'flex', md: 'none' }}>
            <Image src="/logo.svg" alt="" boxSize="8" />
            <Text fontWeight="bold">{t('common.appName')}</Text>
          </Flex>
          <LanguageMenu variant="outline" />
        </Flex>
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
