import { Field, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { ACCOUNT_MANAGERS, SUPPORT_LEVELS } from '../../../../db/domain/organizations';
import { useT } from '../../../lib/i18n';
import type { BusinessInfoValues } from './contract-rules';

/** The activation wizard's third step: account manager, support level (fixed lists) and notes. */
export function BusinessInfoFields() {
  const t = useT();
  const { values, setFieldValue, errors, touched } = useFormikContext<{ business: BusinessInfoValues }>();
  const errorOf = (field: keyof BusinessInfoValues) => {
    const e = (errors.business as Record<string, string> | undefined)?.[field];
    const tc = (touched.business as Record<string, boolean> | undefined)?.[field];
    return tc && e ? e : null;
  };
  const select = (field: 'accountManager' | 'supportLevel', label: string, options: readonly string[]) => (
    <Field.Root invalid={Boolean(errorOf(field))} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid={`business-${field}`}
          value={values.business[field]}
          onChange={(e) => void setFieldValue(`business.${field}`, e.currentTarget.value)}
        >
          <option value="">{t('contracts.form.choose')}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {errorOf(field) && <Field.ErrorText>{errorOf(field)}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Stack gap="4" data-testid="business-form">
      {select('accountManager', t('contracts.form.accountManager'), ACCOUNT_MANAGERS)}
      {select('supportLevel', t('contracts.form.supportLevel'), SUPPORT_LEVELS)}
      <Field.Root>
        <Field.Label>{t('contracts.form.notes')}</Field.Label>
        <Textarea
          data-testid="business-notes"
          value={values.business.notes}
          onChange={(e) => void setFieldValue('business.notes', e.currentTarget.value)}
        />
      </Field.Root>
    </Stack>
  );
}
