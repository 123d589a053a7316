import { Button, CloseButton, Dialog, Portal, Spinner, Center, Text } from '@chakra-ui/react';
import { useMemo, useRef } from 'react';
import { viennaDate } from '../../../../db/domain/calendar';
import { useT } from '../../../lib/i18n';
import { useGetCompanyContracts } from '../api/use-get-company-contracts';
import { ContractWizard } from './contract-wizard';

function MessageDialog({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const t = useT();
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="assign-wizard">
            <Dialog.Header>
              <Dialog.Title>{t('contracts.wizard.assignTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** 'Assign new contract': a spinner while contracts load, only a message when one is UPCOMING, else the 2-step wizard. */
export function AssignUpcomingContractModal({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const t = useT();
  const { data, error } = useGetCompanyContracts(companyId);
  const today = useMemo(() => viennaDate(), []);
  // Decided once: after a successful Assign the list revalidates and holds the new UPCOMING
  // contract, which must not swap the wizard's success message for the 'already exists' one.
  const decision = useRef<{ upcoming: boolean; activeEnd: string | null } | null>(null);
  if (error)
    return (
      <MessageDialog onClose={onClose}>
        <Text color="red.600">{t('common.loadError')}</Text>
      </MessageDialog>
    );
  if (!data)
    return (
      <MessageDialog onClose={onClose}>
        <Center py="8">
          <Spinner />
        </Center>
      </MessageDialog>
    );
  if (!decision.current) {
    const contracts = data.getCompanyContracts;
    decision.current = {
      upcoming: contracts.some((c) => c.status === 'UPCOMING'),
      activeEnd: contracts.find((c) => c.status === 'ACTIVE')?.endDate ?? null,
    };
  }
  if (decision.current.upcoming) {
    return (
      <MessageDialog onClose={onClose}>
        <Text data-testid="upcoming-exists">{t('contracts.wizard.upcomingExists')}</Text>
      </MessageDialog>
    );
  }
  return (
    <ContractWizard
      mode="assign"
      companyId={companyId}
      activeContractEnd={decision.current.activeEnd}
      today={today}
      onClose={onClose}
    />
  );
}

/** The activation wizard of a new registration (Admin Panel). */
export function ActivateOrganizationWizard({
  companyId,
  onClose,
}: {
  companyId: string;
  onClose: (changed: boolean) => void;
}) {
  const today = useMemo(() => viennaDate(), []);
  return (
    <ContractWizard mode="activate" companyId={companyId} activeContractEnd={null} today={today} onClose={onClose} />
  );
}
