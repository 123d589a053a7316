import { NativeSelect } from '@chakra-ui/react';

/** A select of fixed options with translated labels. */
export function OptionSelect({
  value,
  options,
  label,
  onChange,
  testId,
  placeholder,
}: {
  value: string;
  options: readonly string[];
  label: (v: string) => string;
  onChange: (v: string) => void;
  testId?: string;
  placeholder?: string;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} bg="bg">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
