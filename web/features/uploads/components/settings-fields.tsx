import { Checkbox, Field, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled text or number input of a data point's settings. */
export function SettingInput({
  label,
  value,
  onChange,
  type = 'text',
  help,
  testId,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number';
  help?: string;
  testId?: string;
  invalid?: boolean;
}) {
  return (
    <Field.Root invalid={invalid}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        size="sm"
        type={type}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        bg="bg"
      />
      {help && <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
}

export function SettingCheckbox({
  checked,
  onChange,
  children,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(d) => onChange(d.checked === true)}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="normal">{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** An ordered list of columns with up/down buttons (a grid's items, a projective question's columns). */
export function OrderedColumns({
  columns,
  onMove,
  upLabel,
  downLabel,
  first,
}: {
  columns: string[];
  onMove: (column: string, by: -1 | 1) => void;
  upLabel: string;
  downLabel: string;
  first?: string;
}) {
  return (
    <Stack gap="1">
      {columns.map((c, i) => (
        <Stack key={c} direction="row" align="center" gap="1" fontSize="sm">
          <Text w="6" color="fg.muted" textAlign="right">
            {i + 1}.
          </Text>
          <Text flex="1" truncate>
            {c}
            {i === 0 && first ? (
              <Text as="span" color="fg.muted">
                {' '}
                ({first})
              </Text>
            ) : null}
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={`${upLabel}: ${c}`}
            disabled={i === 0}
            onClick={() => onMove(c, -1)}
          >
            ↑
          </IconButton>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={`${downLabel}: ${c}`}
            disabled={i === columns.length - 1}
            onClick={() => onMove(c, 1)}
          >
            ↓
          </IconButton>
        </Stack>
      ))}
    </Stack>
  );
}
