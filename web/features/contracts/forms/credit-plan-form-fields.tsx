import { Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { useT } from '../../../lib/i18n';
import { useGetAllPackages } from '../api/use-get-all-packages';
import {
  allowedCategories,
  applyPackage,
  type ContractFormValues,
  type CreditPlanFormValues,
  PLAN_CATEGORIES,
  type PlanCategory,
} from './contract-rules';

type WithPlan = { contract: ContractFormValues; plan: CreditPlanFormValues };

/** Package, category, credits, price per credit and payment: the fields of the credit plan form. */
export function CreditPlanFormFields() {
  const t = useT();
  const { data: packages } = useGetAllPackages();
  const { values, setFieldValue, errors, touched, setFieldTouched } = useFormikContext<WithPlan>();
  const plan = values.plan;
  const allowed = allowedCategories(values.contract.contractType);
  const payAsUsage = plan.creditPlanCategory === 'PAY_AS_USAGE';
  const errorOf = (field: keyof CreditPlanFormValues) => {
    const e = (errors.plan as Record<string, string> | undefined)?.[field];
    const tc = (touched.plan as Record<string, boolean> | undefined)?.[field];
    return tc && e ? e : null;
  };
  const input = (field: 'creditAmount' | 'pricePerCredit' | 'paymentAmount', label: string, disabled = false) => (
    <Field.Root invalid={Boolean(errorOf(field))} required={!disabled} disabled={disabled}>
      <Field.Label>
        {label}
        {!disabled && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        inputMode="decimal"
        data-testid={`plan-${field}`}
        value={disabled ? '0' : plan[field]}
        onChange={(e) => void setFieldValue(`plan.${field}`, e.currentTarget.value)}
        onBlur={() => void setFieldTouched(`plan.${field}`, true)}
      />
      {errorOf(field) && <Field.ErrorText>{errorOf(field)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Stack gap="4" data-testid="credit-plan-form">
      <Field.Root>
        <Field.Label>{t('contracts.form.package')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            data-testid="plan-package"
            value={plan.packageId}
            onChange={(e) =>
              void setFieldValue(
                'plan',
                applyPackage(
                  plan,
                  packages?.getAllPackages.find((p) => p.id === e.currentTarget.value),
                ),
              )
            }
          >
            <option value="">{t('contracts.form.noPackage')}</option>
            {(packages?.getAllPackages ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          {t('contracts.form.category')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            data-testid="plan-category"
            value={plan.creditPlanCategory}
            onChange={(e) => void setFieldValue('plan.creditPlanCategory', e.currentTarget.value as PlanCategory)}
          >
            {PLAN_CATEGORIES.map((c) => (
              <option key={c} value={c} disabled={!allowed.includes(c)}>
                {t(`contracts.categories.${c}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <SimpleGrid columns={3} gap="4">
        {input('creditAmount', t('contracts.form.credits'), payAsUsage)}
        {input('pricePerCredit', t('contracts.form.pricePerCredit'))}
        {input('paymentAmount', t('contracts.form.payment'), payAsUsage)}
      </SimpleGrid>
    </Stack>
  );
}
