import { Button, Checkbox, CloseButton, DataList, Dialog, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { addDays, type IsoDate } from '../../../../db/domain/calendar';
import { formatInstantDate, formatIsoDate } from '../../../lib/calendar';
import { errorCodeOf } from '../../../lib/graphql-client';
import { useT, useTranslateError } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import type { Contract } from '../api/contract-types';
import { useDeleteContract } from '../api/use-delete-contract';
import { useEditContract } from '../api/use-edit-contract';
import { dayCount, NO_RENEW_TYPES, shiftedEnd, FIXED_LENGTH_TYPES } from '../forms/contract-rules';
import { DatePickerField } from '../forms/date-picker-field';
import { CONTRACT_WRITES_TOUCH } from './contract-wizard';

/** Success feedback stays 2 seconds, then the modal closes (spec section 4). */
export const SUCCESS_DELAY_MS = 2000;

export type EditContractState = { startDate: IsoDate | null; endDate: IsoDate | null; autoRenew: boolean };

/**
 * The edit rules (spec sections 4, 5): active start locked; an upcoming start after today and after
 * the active contract's end; moving the start keeps the duration; fixed-length ends follow the start.
 */
export function editContractRules(contract: Contract, today: IsoDate, activeEnd: IsoDate | null, hasUpcoming: boolean) {
  const upcoming = contract.status === 'UPCOMING';
  const minStart = upcoming ? (activeEnd && activeEnd >= today ? addDays(activeEnd, 1) : addDays(today, 1)) : null;
  return {
    startLocked: !upcoming,
    minStart,
    endLocked: FIXED_LENGTH_TYPES.includes(contract.type),
    autoRenewLocked: NO_RENEW_TYPES.includes(contract.type) || (contract.status === 'ACTIVE' && hasUpcoming),
  };
}

export function moveStart(contract: Contract, state: EditContractState, start: IsoDate | null): EditContractState {
  if (!start) return { ...state, startDate: null };
  return { ...state, startDate: start, endDate: shiftedEnd(contract.startDate, contract.endDate, start, contract.type) };
}

export function EditContractModal({ contract, today, activeEnd, hasUpcoming, onClose, onDelete }: {
  contract: Contract; today: IsoDate; activeEnd: IsoDate | null; hasUpcoming: boolean; onClose: () => void; onDelete: () => void;
}) {
  const t = useT();
  const translateError = useTranslateError();
  const { mutate } = useSWRConfig();
  const edit = useEditContract();
  const [state, setState] = useState<EditContractState>({ startDate: contract.startDate, endDate: contract.endDate, autoRenew: contract.autoRenew });
  const [error, setError] = useState<string | null>(null);
  const [validation, setValidation] = useState(false);
  const [success, setSuccess] = useState(false);
  const rules = editContractRules(contract, today, activeEnd, hasUpcoming);
  const minEnd = state.startDate && state.startDate > today ? state.startDate : today;
  const days = dayCount(state.startDate, state.endDate);

  async function save() {
    if (!state.startDate || !state.endDate) { setValidation(true); return; }
    setError(null);
    try {
      await edit.trigger({ contractToEdit: { contractId: contract.id, startDate: state.startDate, endDate: state.endDate, autoRenew: state.autoRenew } });
      setSuccess(true);
      void revalidateOperations(mutate, ...CONTRACT_WRITES_TOUCH);
      setTimeout(onClose, SUCCESS_DELAY_MS);
    } catch (e) {
      setError(translateError(errorCodeOf(e)));
    }
  }

  return (
    <Dialog.Root open onOpenChange={(d) => { if (!d.open) onClose(); }} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="edit-contract-modal">
            <Dialog.Header><Dialog.Title>{t('contracts.edit.title')}</Dialog.Title></Dialog.Header>
            <Dialog.Body overflow="visible">
              <Stack gap="4">
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.type')}</DataList.ItemLabel><DataList.ItemValue>{t(`contracts.types.${contract.type}`)}</DataList.ItemValue></DataList.Item>
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.reference')}</DataList.ItemLabel><DataList.ItemValue>{contract.name ?? '-'}</DataList.ItemValue></DataList.Item>
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.createdAt')}</DataList.ItemLabel><DataList.ItemValue>{formatInstantDate(contract.createdAt)}</DataList.ItemValue></DataList.Item>
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.createdBy')}</DataList.ItemLabel><DataList.ItemValue>{contract.createdBy?.name ?? '-'}</DataList.ItemValue></DataList.Item>
                </DataList.Root>
                <SimpleGrid columns={2} gap="4">
                  <DatePickerField label={t('contracts.form.startDate')} testId="edit-start" required value={state.startDate} minDate={rules.minStart}
                    disabled={rules.startLocked} error={validation && !state.startDate ? t('contracts.form.startRequired') : null}
                    onChange={(v) => setState(moveStart(contract, state, v))} />
                  <DatePickerField label={t('contracts.form.endDate')} testId="edit-end" required value={state.endDate} minDate={minEnd}
                    disabled={!state.startDate || rules.endLocked} error={validation && !state.endDate ? t('contracts.form.endRequired') : null}
                    onChange={(v) => setState({ ...state, endDate: v })} />
                </SimpleGrid>
                <Text fontSize="sm" color="fg.muted" data-testid="edit-days">{days === null ? t('contracts.form.noDays') : t('contracts.form.days', { count: days })}</Text>
                <Checkbox.Root checked={state.autoRenew} disabled={rules.autoRenewLocked} data-testid="edit-auto-renew"
                  onCheckedChange={(d) => setState({ ...state, autoRenew: d.checked === true })}>
                  <Checkbox.HiddenInput /><Checkbox.Control /><Checkbox.Label>{t('contracts.form.autoRenew')}</Checkbox.Label>
                </Checkbox.Root>
                {validation && (!state.startDate || !state.endDate) && <ErrorAlert message={t('contracts.edit.validationError')} />}
                <ErrorAlert message={error} onDismiss={() => setError(null)} />
                <SuccessAlert message={success ? t('contracts.edit.saved') : null} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {contract.status === 'UPCOMING' && <Button colorPalette="red" variant="outline" onClick={onDelete} data-testid="edit-contract-delete">{t('contracts.edit.delete')}</Button>}
              <Button colorPalette="brand" onClick={() => void save()} loading={edit.isMutating} disabled={success} data-testid="edit-contract-save">{t('common.save')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function DeleteContractModal({ contract, onClose, onDeleted }: { contract: Contract; onClose: () => void; onDeleted: () => void }) {
  const t = useT();
  const translateError = useTranslateError();
  const { mutate } = useSWRConfig();
  const del = useDeleteContract();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  async function confirm() {
    setError(null);
    try {
      await del.trigger({ contractId: contract.id });
      setSuccess(true);
      void revalidateOperations(mutate, ...CONTRACT_WRITES_TOUCH);
      setTimeout(onDeleted, SUCCESS_DELAY_MS);
    } catch (e) {
      setError(translateError(errorCodeOf(e)));
    }
  }
  return (
    <Dialog.Root open onOpenChange={(d) => { if (!d.open) onClose(); }} placement="center" size="md" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-contract-modal">
            <Dialog.Header><Dialog.Title>{t('contracts.delete.title')}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.type')}</DataList.ItemLabel><DataList.ItemValue>{t(`contracts.types.${contract.type}`)}</DataList.ItemValue></DataList.Item>
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.reference')}</DataList.ItemLabel><DataList.ItemValue>{contract.name ?? '-'}</DataList.ItemValue></DataList.Item>
                  <DataList.Item><DataList.ItemLabel>{t('contracts.fields.period')}</DataList.ItemLabel><DataList.ItemValue>{formatIsoDate(contract.startDate)} – {formatIsoDate(contract.endDate)}</DataList.ItemValue></DataList.Item>
                </DataList.Root>
                <Text>{t('contracts.delete.description')}</Text>
                <ErrorAlert message={error} onDismiss={() => setError(null)} />
                <SuccessAlert message={success ? t('contracts.delete.deleted') : null} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{t('common.cancel')}</Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={del.isMutating} disabled={success} data-testid="delete-contract-confirm">{t('contracts.delete.confirm')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
