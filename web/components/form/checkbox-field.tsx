import { Checkbox, Field } from '@chakra-ui/react';
import { useField } from 'formik';
import type { ReactNode } from 'react';

export function CheckboxField({ name, children }: { name: string; children: ReactNode }) {
  const [field, meta, helpers] = useField<boolean>({ name, type: 'checkbox' });
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid}>
      <Checkbox.Root
        name={name}
        checked={Boolean(field.checked ?? field.value)}
        onCheckedChange={(details) => {
          void helpers.setValue(details.checked === true);
          void helpers.setTouched(true, false);
        }}
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">{children}</Checkbox.Label>
      </Checkbox.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
