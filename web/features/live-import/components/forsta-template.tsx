import { Field, Stack, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';
import { FORSTA_TEMPLATES, type ForstaTemplate } from '../state/live-draft';
import { OptionSelect } from './option-select';

/** Which Forsta product the survey runs on: it decides the snippet the last step shows. */
export function ForstaTemplatePicker({
  value,
  onChange,
}: {
  value: ForstaTemplate;
  onChange: (v: ForstaTemplate) => void;
}) {
  const t = useT();
  return (
    <Field.Root>
      <Field.Label>{t('liveImport.step1.forstaTemplate')}</Field.Label>
      <Stack gap="1" w="full">
        <OptionSelect
          value={value}
          options={FORSTA_TEMPLATES}
          label={(v) => t(`liveImport.forstaTemplates.${v}`)}
          onChange={(v) => onChange(v as ForstaTemplate)}
          testId="live-forsta-template"
        />
        <Text fontSize="sm" color="fg.muted">
          {t(`liveImport.forstaTemplates.${value}Help`)}
        </Text>
      </Stack>
    </Field.Root>
  );
}
