import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';

export function BackToLogin({ primary = false }: { primary?: boolean }) {
  const t = useT();
  return (
    <Button asChild variant={primary ? 'solid' : 'outline'} colorPalette="brand" size="lg">
      <Link href="/login">{t('common.backToLogin')}</Link>
    </Button>
  );
}
