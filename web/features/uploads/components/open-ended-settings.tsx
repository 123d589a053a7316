import { Box, CloseButton, Field, HStack, Input, Stack, Tag, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { MAX_KEYWORDS, splitKeywords, type DraftPoint } from '../state/columns';
import { SettingCheckbox } from './settings-fields';

/** Languages offered for the language check (the scoring core's stop-word lists). */
const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'cs', 'hr', 'ro', 'hu', 'sv'];

/** An open-ended question: its text, keywords (Enter or ';' separate them, 15 at most), languages and checks. */
export function OpenEndedSettings({
  point,
  onChange,
}: {
  point: DraftPoint;
  onChange: (patch: Partial<DraftPoint>) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const keywords = point.keywords ?? [];
  const languages = point.languages ?? [];
  const add = (text: string) => {
    const next = [...keywords];
    for (const k of splitKeywords(text)) if (!next.includes(k)) next.push(k);
    onChange({
      keywords: next.slice(0, MAX_KEYWORDS),
      ...(point.isEnableWrongTopicCheck == null ? { isEnableWrongTopicCheck: next.length > 0 } : {}),
    });
    setTyped('');
  };
  return (
    <Stack gap="3">
      <Field.Root required invalid={!point.questionTitle?.trim()}>
        <Field.Label fontSize="sm">
          {t('uploads.step2.open.questionTitle')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          size="sm"
          rows={2}
          bg="bg"
          value={point.questionTitle ?? ''}
          onChange={(e) => onChange({ questionTitle: e.currentTarget.value })}
          data-testid={`open-question-${point.columns[0]}`}
        />
        <Field.HelperText>{t('uploads.step2.open.questionTitleHelp')}</Field.HelperText>
      </Field.Root>
      <Field.Root>
        <Field.Label fontSize="sm">{t('uploads.step2.open.keywords', { max: MAX_KEYWORDS })}</Field.Label>
        <Input
          size="sm"
          bg="bg"
          value={typed}
          disabled={keywords.length >= MAX_KEYWORDS}
          data-testid={`open-keywords-${point.columns[0]}`}
          onChange={(e) => {
            const v = e.currentTarget.value;
            if (v.includes(';')) add(v);
            else setTyped(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add(typed);
            }
          }}
          onBlur={() => typed.trim() && add(typed)}
        />
        <Field.HelperText>
          {t('uploads.step2.open.keywordsHelp')}{' '}
          {t('uploads.step2.open.keywordsCount', { count: keywords.length, max: MAX_KEYWORDS })}
        </Field.HelperText>
        {keywords.length > 0 && (
          <Wrap mt="2" gap="1.5">
            {keywords.map((k) => (
              <Tag.Root key={k} size="sm" colorPalette="brand" variant="subtle">
                <Tag.Label>{k}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    aria-label={t('uploads.step2.open.removeKeyword', { keyword: k })}
                    onClick={() => onChange({ keywords: keywords.filter((x) => x !== k) })}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        )}
      </Field.Root>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="1">
          {t('uploads.step2.open.languages')}
        </Text>
        <Wrap gap="3">
          {LANGUAGES.map((l) => (
            <SettingCheckbox
              key={l}
              checked={languages.includes(l)}
              onChange={(on) => onChange({ languages: on ? [...languages, l] : languages.filter((x) => x !== l) })}
            >
              {l.toUpperCase()}
            </SettingCheckbox>
          ))}
        </Wrap>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('uploads.step2.open.languagesHelp')}
        </Text>
      </Box>
      <HStack gap="5" wrap="wrap">
        <SettingCheckbox
          checked={point.isEnableDuplicateCheck !== false}
          onChange={(on) => onChange({ isEnableDuplicateCheck: on })}
        >
          {t('uploads.step2.open.duplicateCheck')}
        </SettingCheckbox>
        <SettingCheckbox
          checked={point.isEnableCopyPasteCheck === true}
          onChange={(on) => onChange({ isEnableCopyPasteCheck: on })}
        >
          {t('uploads.step2.open.copyPasteCheck')}
        </SettingCheckbox>
        <SettingCheckbox
          checked={point.isEnableWrongTopicCheck === true && keywords.length > 0}
          disabled={keywords.length === 0}
          onChange={(on) => onChange({ isEnableWrongTopicCheck: on })}
        >
          {t('uploads.step2.open.topicCheck')}
        </SettingCheckbox>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {t('uploads.step2.open.copyPasteCheckHelp')}
      </Text>
    </Stack>
  );
}
