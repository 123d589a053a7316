import { Box, Card, Flex, Heading, Image, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { CompassIcon } from '../../components/icons/icons';
import { LanguageMenu } from '../../components/layout/language-menu';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../lib/i18n';

function ComingSoonCard() {
  const t = useT();
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body py="16" alignItems="center" textAlign="center" gap="3">
        <Box fontSize="4xl" color="fg.subtle">
          <CompassIcon />
        </Box>
        <Text color="fg.muted" maxW="md">
          {t('common.comingSoon')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** A route of the table whose screen comes in a later issue: the shell, its title and breadcrumb. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const t = useT();
  const title = t(titleKey);
  return (
    <Box data-testid="placeholder-page">
      <PageHeader title={title} crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: title }]} />
      <ComingSoonCard />
    </Box>
  );
}

/** Public pages (reports, verification, calculator) have no shell, only the brand bar. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: string }) {
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
        <LanguageMenu />
      </Flex>
      <Box maxW="5xl" mx="auto" px="8" py="10">
        <Heading as="h1" size="2xl" mb="6">
          {t(titleKey)}
        </Heading>
        <ComingSoonCard />
      </Box>
    </Box>
  );
}
