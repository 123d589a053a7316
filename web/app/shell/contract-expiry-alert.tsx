import { formatIsoDate } from '../../lib/format';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ClockIcon } from '../../components/icons/icons';
import { useGetCompany } from '../../features/companies/api/use-get-company';
import type { MeUser } from '../../features/users/api/use-me';
import { useLocale, useT } from '../../lib/i18n';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';

/** The alert opens when the active contract has this many days left or fewer (today included). */
export const CONTRACT_EXPIRY_ALERT_DAYS = 30;

export type ContractExpiryNotice = { contractId: string; endDate: string };

/**
 * The contract-expiry alert is due when the user's own company has an ACTIVE
 * contract ending within 30 days and the user has not yet noted it for that contract. A super admin
 * without a company of their own gets none. A failing call shows nothing: the alert is a hint.
 */
export function useContractExpiryNotice(user: MeUser | undefined): {
  notice: ContractExpiryNotice | null;
  noted: () => void;
} {
  const companyId = user?.company?.id ?? null;
  const company = useGetCompany(companyId);
  const [notedNow, setNotedNow] = useState<string | null>(null);
  const contract = company.data?.getCompany.contract ?? null;
  const due =
    contract !== null &&
    contract.status === 'ACTIVE' &&
    contract.remainingDays !== null &&
    contract.remainingDays <= CONTRACT_EXPIRY_ALERT_DAYS &&
    notedNow !== contract.id &&
    readStorage(storageKeys.contractExpiryNoted(contract.id)) === null;
  return {
    notice: due && contract ? { contractId: contract.id, endDate: contract.endDate } : null,
    noted: () => {
      if (!contract) return;
      writeStorage(storageKeys.contractExpiryNoted(contract.id), new Date().toISOString());
      setNotedNow(contract.id);
    },
  };
}

/** The alert itself: the end date in the reader's date form and a 'Noted' button that records consent. */
export function ContractExpiryAlert({ notice, onNoted }: { notice: ContractExpiryNotice; onNoted: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onNoted();
      }}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="contract-expiry-alert" data-contract-id={notice.contractId}>
            <Dialog.Header gap="3" alignItems="center">
              <Text as="span" fontSize="2xl" color="orange.500">
                <ClockIcon />
              </Text>
              <Dialog.Title>{t('shell.contractExpiryTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" data-testid="contract-expiry-text">
                {t('shell.contractExpiry', { date: formatIsoDate(notice.endDate, locale) })}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onNoted} data-testid="contract-expiry-noted">
                {t('shell.contractExpiryNoted')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
