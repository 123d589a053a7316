import { Box, Stack, Text } from '@chakra-ui/react';
import { MailIcon } from '../../../components/icons/icons';
import { AuthLayout } from '../../../components/layout/auth-layout';
import { useT } from '../../../lib/i18n';
import { BackToLogin } from '../components/back-to-login';

export function WelcomePage() {
  const t = useT();
  return (
    <AuthLayout title={t('auth.welcomeTitle')}>
      <Stack gap="6">
        <Box fontSize="5xl" color="brand.solid">
          <MailIcon />
        </Box>
        <Text color="fg.muted">{t('auth.welcomeText')}</Text>
        <BackToLogin />
      </Stack>
    </AuthLayout>
  );
}
