import { Checkbox, Field, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { useT } from '../../../lib/i18n';
import {
  applyContractType,
  applyStartDate,
  autoRenewDisabled,
  CONTRACT_TYPES,
  type ContractFormValues,
  type ContractType,
  dayCount,
  endRules,
} from './contract-rules';
import { DatePickerField } from './date-picker-field';

type WithContract = { contract: ContractFormValues };

/** Contract type, start, end (DD.MM.YYYY), day count and auto-renew, with the rules of contract-rules.ts. */
export function ContractFormFields({ minStart, startLocked }: { minStart: string; startLocked: boolean }) {
  const t = useT();
  const { values, setFieldValue, errors, touched } = useFormikContext<WithContract>();
  const contract = values.contract;
  const errorOf = (field: keyof ContractFormValues) => {
    const e = (errors.contract as Record<string, string> | undefined)?.[field];
    const tc = (touched.contract as Record<string, boolean> | undefined)?.[field];
    return tc && e ? e : null;
  };
  const { endDisabled, minEnd } = endRules(contract);
  const days = dayCount(contract.startDate, contract.endDate);
  return (
    <Stack gap="4" data-testid="contract-form">
      <Field.Root invalid={Boolean(errorOf('contractType'))} required>
        <Field.Label>
          {t('contracts.form.type')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            data-testid="contract-type"
            value={contract.contractType}
            onChange={(e) => {
              const type = e.currentTarget.value as ContractType;
              void setFieldValue('contract', applyContractType(contract, type));
            }}
          >
            <option value="">{t('contracts.form.selectType')}</option>
            {CONTRACT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`contracts.types.${type}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errorOf('contractType') && <Field.ErrorText>{errorOf('contractType')}</Field.ErrorText>}
      </Field.Root>
      <SimpleGrid columns={2} gap="4">
        <DatePickerField
          label={t('contracts.form.startDate')}
          testId="contract-start"
          required
          value={contract.startDate}
          minDate={minStart}
          disabled={startLocked}
          error={errorOf('startDate')}
          onChange={(value) => void setFieldValue('contract', applyStartDate(contract, value))}
        />
        <DatePickerField
          label={t('contracts.form.endDate')}
          testId="contract-end"
          required
          value={contract.endDate}
          minDate={minEnd}
          disabled={endDisabled}
          error={errorOf('endDate')}
          onChange={(value) => void setFieldValue('contract', { ...contract, endDate: value })}
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted" data-testid="contract-days">
        {days === null ? t('contracts.form.noDays') : t('contracts.form.days', { count: days })}
      </Text>
      <Checkbox.Root
        checked={contract.autoRenew}
        disabled={autoRenewDisabled(contract.contractType)}
        data-testid="contract-auto-renew"
        onCheckedChange={(d) => void setFieldValue('contract', { ...contract, autoRenew: d.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('contracts.form.autoRenew')}</Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}
