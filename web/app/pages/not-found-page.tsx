import { Button, Center, Heading, Image, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <Center minH="100vh" bg="bg.subtle" p="8" data-testid="not-found">
      <VStack gap="5" textAlign="center" maxW="lg">
        <Image src="/logo.svg" alt="" boxSize="12" />
        <Text fontSize="7xl" fontWeight="bold" color="brand.solid" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {t('shell.notFoundTitle')}
        </Heading>
        <Text color="fg.muted">{t('shell.notFound')}</Text>
        <Button asChild colorPalette="brand" size="lg">
          <Link href="/">{t('common.backToDashboard')}</Link>
        </Button>
      </VStack>
    </Center>
  );
}
