import { Box, Button, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { WalletIcon } from '../../components/icons/icons';
import type { AccessLevel } from '../../features/users/api/use-me';
import { useT } from '../../lib/i18n';

/**
 * The wallet dropdown. Credits arrive in a later issue; until then it shows the empty-wallet state.
 * The credit management button is hidden for EMPLOYEE (spec section 6).
 */
export function WalletMenu({ accessLevel }: { accessLevel: AccessLevel }) {
  const t = useT();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('wallet.title')} data-testid="wallet-menu"><WalletIcon /></IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="72">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" align="center" textAlign="center" py="2">
                <Box fontSize="3xl" color="fg.subtle"><WalletIcon /></Box>
                <Text fontWeight="semibold">{t('wallet.emptyTitle')}</Text>
                <Text fontSize="sm" color="fg.muted">{t('wallet.empty')}</Text>
                {accessLevel !== 'EMPLOYEE' && (
                  <Button asChild size="sm" colorPalette="brand" variant="outline" data-testid="credit-management">
                    <Link href="/administration">{t('wallet.manageCredits')}</Link>
                  </Button>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
