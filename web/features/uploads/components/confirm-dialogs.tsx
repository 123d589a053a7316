import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

type Props = { open: boolean; needed: number; balance: number; onClose: () => void };

/** The not-enough-credits popup of step 3 (no pay-as-usage plan takes the rest). */
export function NotEnoughCreditsDialog({
  open,
  needed,
  balance,
  onClose,
  canManageCredits,
}: Props & { canManageCredits: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="not-enough-credits">
            <Dialog.Header>
              <Dialog.Title>{t('uploads.step3.notEnoughTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {t('uploads.step3.notEnoughText', {
                  needed: formatNumber(needed, locale),
                  balance: formatNumber(balance, locale),
                })}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              {canManageCredits && (
                <Button asChild variant="outline">
                  <Link href="/administration">{t('uploads.step3.toAdministration')}</Link>
                </Button>
              )}
              <Button colorPalette="brand" onClick={onClose}>
                {t('uploads.step3.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The balance does not cover the upload, a pay-as-usage plan takes the rest: the user decides. */
export function PayAsUsageDialog({
  open,
  needed,
  balance,
  onClose,
  onContinue,
  busy,
}: Props & { onContinue: () => void; busy: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pay-as-usage-confirm">
            <Dialog.Header>
              <Dialog.Title>{t('uploads.step3.payAsUsageTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {t('uploads.step3.payAsUsageText', {
                  needed: formatNumber(needed, locale),
                  balance: formatNumber(balance, locale),
                  rest: formatNumber(Math.max(0, needed - balance), locale),
                })}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('uploads.step3.close')}
              </Button>
              <Button colorPalette="brand" loading={busy} onClick={onContinue} data-testid="pay-as-usage-continue">
                {t('uploads.step3.continue')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
