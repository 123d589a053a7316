import { formatIsoDate, formatDate } from '../../../lib/format';
import { Alert, Button, Checkbox, DataList, Field, List, SimpleGrid, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import * as yup from 'yup';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { FormDialog } from '../../../components/form/form-dialog';
import { addDays, type IsoDate } from '../../../../db/domain/calendar';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import type { Contract } from '../api/contract-types';
import { useDeleteContract } from '../api/use-delete-contract';
import { useEditContract } from '../api/use-edit-contract';
import { dayCount, FIXED_LENGTH_TYPES, NO_RENEW_TYPES, shiftedEnd } from '../forms/contract-rules';
import { DatePickerField } from '../forms/date-picker-field';
import { CONTRACT_WRITES_TOUCH } from './contract-wizard';

export type EditContractState = { startDate: IsoDate | null; endDate: IsoDate | null; autoRenew: boolean };

/** Why a field of the edit modal cannot change: shown beside it, so no field is disabled without a word. */
export type EditLock = 'startActive' | 'endFixed' | 'autoRenewType' | 'autoRenewUpcoming';

/**
 * The edit rules: active start locked; an upcoming start after today and after
 * the active contract's end; moving the start keeps the duration; fixed-length ends follow the start;
 * an active contract with an upcoming successor cannot renew itself (the server refuses the same).
 */
export function editContractRules(contract: Contract, today: IsoDate, activeEnd: IsoDate | null, hasUpcoming: boolean) {
  const upcoming = contract.status === 'UPCOMING';
  const minStart = upcoming ? (activeEnd && activeEnd >= today ? addDays(activeEnd, 1) : addDays(today, 1)) : null;
  const startLock: EditLock | null = upcoming ? null : 'startActive';
  const endLock: EditLock | null = FIXED_LENGTH_TYPES.includes(contract.type) ? 'endFixed' : null;
  const autoRenewLock: EditLock | null = NO_RENEW_TYPES.includes(contract.type)
    ? 'autoRenewType'
    : contract.status === 'ACTIVE' && hasUpcoming
      ? 'autoRenewUpcoming'
      : null;
  return {
    startLocked: startLock !== null,
    minStart,
    endLocked: endLock !== null,
    autoRenewLocked: autoRenewLock !== null,
    startLock,
    endLock,
    autoRenewLock,
    /** Every field is locked: the modal says why and offers no Save. */
    nothingEditable: startLock !== null && endLock !== null && autoRenewLock !== null,
  };
}

export function moveStart(contract: Contract, state: EditContractState, start: IsoDate | null): EditContractState {
  if (!start) return { ...state, startDate: null };
  return {
    ...state,
    startDate: start,
    endDate: shiftedEnd(contract.startDate, contract.endDate, start, contract.type),
  };
}

const lockText = (t: Translate, lock: EditLock | null) => (lock ? t(`contracts.edit.locks.${lock}`) : null);

export function EditContractModal({
  contract,
  today,
  activeEnd,
  hasUpcoming,
  onClose,
  onDelete,
}: {
  contract: Contract;
  today: IsoDate;
  activeEnd: IsoDate | null;
  hasUpcoming: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const edit = useEditContract();
  const rules = editContractRules(contract, today, activeEnd, hasUpcoming);
  const schema = yup.object({
    startDate: yup.string().nullable().required(t('contracts.form.startRequired')),
    endDate: yup.string().nullable().required(t('contracts.form.endRequired')),
  });

  return (
    <FormDialog<EditContractState>
      open
      onClose={onClose}
      title={t('contracts.edit.title')}
      testId="edit-contract-modal"
      size="lg"
      initialValues={{ startDate: contract.startDate, endDate: contract.endDate, autoRenew: contract.autoRenew }}
      validationSchema={schema}
      validationError={t('contracts.edit.validationError')}
      onSubmit={(values) =>
        edit.trigger({
          contractToEdit: {
            contractId: contract.id,
            startDate: values.startDate ?? '',
            endDate: values.endDate ?? '',
            autoRenew: values.autoRenew,
          },
        })
      }
      successMessage={t('contracts.edit.saved')}
      revalidates={CONTRACT_WRITES_TOUCH}
      submitLabel={t('common.save')}
      submitTestId="edit-contract-save"
      footer={
        rules.nothingEditable
          ? () => (
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            )
          : undefined
      }
      footerStart={
        contract.status === 'UPCOMING' && (
          <Button colorPalette="red" variant="outline" onClick={onDelete} data-testid="edit-contract-delete" mr="auto">
            {t('contracts.edit.delete')}
          </Button>
        )
      }
    >
      {(form) => {
        const { values } = form;
        const shownError = (field: 'startDate' | 'endDate') =>
          form.submitCount > 0 && form.errors[field] ? form.errors[field] : null;
        const minEnd = values.startDate && values.startDate > today ? values.startDate : today;
        const days = dayCount(values.startDate, values.endDate);
        return (
          <>
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('contracts.fields.type')}</DataList.ItemLabel>
                <DataList.ItemValue>{t(`contracts.types.${contract.type}`)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('contracts.fields.reference')}</DataList.ItemLabel>
                <DataList.ItemValue>{contract.name ?? '-'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('contracts.fields.createdAt')}</DataList.ItemLabel>
                <DataList.ItemValue>{formatDate(contract.createdAt, locale)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('contracts.fields.createdBy')}</DataList.ItemLabel>
                <DataList.ItemValue>{contract.createdBy?.name ?? '-'}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {rules.nothingEditable && (
              <Alert.Root status="info" borderRadius="md" data-testid="edit-contract-locked">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('contracts.edit.locks.nothingEditable')}</Alert.Title>
                  <Alert.Description>
                    <List.Root ps="4">
                      {[rules.startLock, rules.endLock, rules.autoRenewLock].map((lock) => (
                        <List.Item key={lock}>{lockText(t, lock)}</List.Item>
                      ))}
                    </List.Root>
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <SimpleGrid columns={2} gap="4">
              <DatePickerField
                label={t('contracts.form.startDate')}
                testId="edit-start"
                required
                value={values.startDate}
                minDate={rules.minStart}
                disabled={rules.startLocked}
                error={shownError('startDate')}
                hint={rules.nothingEditable ? null : lockText(t, rules.startLock)}
                onChange={(v) => void form.setValues(moveStart(contract, values, v))}
              />
              <DatePickerField
                label={t('contracts.form.endDate')}
                testId="edit-end"
                required
                value={values.endDate}
                minDate={minEnd}
                disabled={!values.startDate || rules.endLocked}
                error={shownError('endDate')}
                hint={rules.nothingEditable ? null : lockText(t, rules.endLock)}
                onChange={(v) => void form.setFieldValue('endDate', v)}
              />
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted" data-testid="edit-days">
              {days === null ? t('contracts.form.noDays') : t('contracts.form.days', { count: days })}
            </Text>
            <Field.Root disabled={rules.autoRenewLocked}>
              <Checkbox.Root
                checked={values.autoRenew}
                disabled={rules.autoRenewLocked}
                data-testid="edit-auto-renew"
                onCheckedChange={(d) => void form.setFieldValue('autoRenew', d.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('contracts.form.autoRenew')}</Checkbox.Label>
              </Checkbox.Root>
              {!rules.nothingEditable && rules.autoRenewLock && (
                <Field.HelperText data-testid="edit-auto-renew-hint">
                  {lockText(t, rules.autoRenewLock)}
                </Field.HelperText>
              )}
            </Field.Root>
          </>
        );
      }}
    </FormDialog>
  );
}

export function DeleteContractModal({
  contract,
  onClose,
  onDeleted,
}: {
  contract: Contract;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const del = useDeleteContract();
  // Set when the deletion succeeded: the 2-second close then also leaves the deleted contract.
  const deleted = useRef(false);
  return (
    <ConfirmDialog
      open
      title={t('contracts.delete.title')}
      testId="delete-contract-modal"
      confirmTestId="delete-contract-confirm"
      size="md"
      danger
      confirmLabel={t('contracts.delete.confirm')}
      successMessage={t('contracts.delete.deleted')}
      revalidates={CONTRACT_WRITES_TOUCH}
      onConfirm={() => del.trigger({ contractId: contract.id })}
      onSucceeded={() => {
        deleted.current = true;
      }}
      onClose={() => (deleted.current ? onDeleted() : onClose())}
    >
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t('contracts.fields.type')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`contracts.types.${contract.type}`)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('contracts.fields.reference')}</DataList.ItemLabel>
          <DataList.ItemValue>{contract.name ?? '-'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('contracts.fields.period')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatIsoDate(contract.startDate, locale)} – {formatIsoDate(contract.endDate, locale)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text>{t('contracts.delete.description')}</Text>
    </ConfirmDialog>
  );
}
