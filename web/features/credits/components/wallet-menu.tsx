import { Badge, Box, Button, Center, IconButton, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { RadialChart } from '../../../components/charts/radial-chart';
import { WalletIcon } from '../../../components/icons/icons';
import { balancePercent, formatEuroCents } from '../../../lib/calendar';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { useGetCompanyCreditSummary } from '../api/use-get-company-credit-summary';

/** The wallet's red dot shows below this share of the received credits. */
export const LOW_BALANCE_PERCENT = 25;

/**
 * The wallet dropdown with live data: an empty-wallet message, the radial chart of remaining and
 * received credits, or the pay-as-usage figure. The credit management button is hidden for EMPLOYEE.
 */
export function WalletMenu({ companyId, canManageCredits }: { companyId: string | null; canManageCredits: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { data, isLoading } = useGetCompanyCreditSummary(companyId);
  const s = data?.getCompanyCreditSummary;
  const percent = s ? balancePercent(s.activeCreditPlanBalance, s.activeCreditPlanReceived) : null;
  const low = percent !== null && percent < LOW_BALANCE_PERCENT;
  const payAsUsage = Boolean(s && s.pricePerCreditForPayAsUsage > 0);
  const empty = !s || (s.activeCreditPlanReceived <= 0 && !payAsUsage);
  return (
    // lazyMount: the dropdown (spinner, chart) renders when opened, not with every page (first paint).
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('credits.walletMenu.title')}
          data-testid="wallet-menu"
          position="relative"
        >
          <WalletIcon />
          {low && (
            <Box
              position="absolute"
              top="1"
              right="1"
              w="2"
              h="2"
              borderRadius="full"
              bg="red.500"
              data-testid="wallet-low-dot"
            />
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="72" data-testid="wallet-dropdown">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3" align="center" textAlign="center" py="2">
                {isLoading ? (
                  <Center py="4">
                    <Spinner />
                  </Center>
                ) : empty ? (
                  <>
                    <Box fontSize="3xl" color="fg.subtle">
                      <WalletIcon />
                    </Box>
                    <Text fontWeight="semibold">{t('credits.walletMenu.emptyTitle')}</Text>
                    <Text fontSize="sm" color="fg.muted" data-testid="wallet-empty">
                      {t('credits.walletMenu.empty')}
                    </Text>
                  </>
                ) : (
                  <>
                    <Text fontWeight="semibold">{t('credits.walletMenu.title')}</Text>
                    {s && s.activeCreditPlanReceived > 0 && (
                      <>
                        <RadialChart percent={percent} size={110} testId="wallet-chart" />
                        <Text fontSize="sm">
                          {t('credits.walletMenu.remaining')}:{' '}
                          <b data-testid="wallet-remaining">{formatNumber(s.activeCreditPlanBalance, locale)}</b>
                        </Text>
                        <Text fontSize="sm">
                          {t('credits.walletMenu.received')}: <b>{formatNumber(s.activeCreditPlanReceived, locale)}</b>
                        </Text>
                      </>
                    )}
                    {s && payAsUsage && (
                      <Stack gap="1" align="center" data-testid="wallet-pay-as-usage">
                        <Badge colorPalette="purple">{t('credits.walletMenu.payAsUsage')}</Badge>
                        <Text fontSize="sm">
                          {t('credits.walletMenu.usage')}:{' '}
                          <b>{formatNumber(s.activePayAsUsageCreditPlanReceived, locale)}</b>
                        </Text>
                        <Text fontSize="sm">
                          {t('credits.walletMenu.invoiceAmount')}:{' '}
                          <b>
                            {formatEuroCents(
                              s.activePayAsUsageCreditPlanReceived * s.pricePerCreditForPayAsUsage,
                              locale,
                            )}
                          </b>
                        </Text>
                      </Stack>
                    )}
                  </>
                )}
                {canManageCredits && (
                  <Button asChild size="sm" colorPalette="brand" variant="outline" data-testid="credit-management">
                    <Link href="/administration">{t('credits.walletMenu.manageCredits')}</Link>
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
