import { Alert, Checkbox, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';

/**
 * The row number as the record ID, for files without a column that identifies each interview; the
 * user is told plainly that it is the position in the file.
 */
export function RecordIdChoice({ checked, onChange }: { checked: boolean; onChange: (rowNumber: boolean) => void }) {
  const t = useT();
  return (
    <Alert.Root status={checked ? 'info' : 'neutral'} data-testid="upload-row-number">
      <Alert.Content>
        <Checkbox.Root
          checked={checked}
          onCheckedChange={(e) => onChange(e.checked === true)}
          data-testid="upload-row-number-checkbox"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('uploads.step2.rowId.label')}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('uploads.step2.rowId.help')}
        </Text>
      </Alert.Content>
    </Alert.Root>
  );
}
