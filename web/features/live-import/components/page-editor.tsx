import {
  Box,
  Card,
  Checkbox,
  CloseButton,
  Field,
  HStack,
  IconButton,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Tag,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { LiveQualityCriterion } from '../../../lib/gql/graphql';
import { CRITERIA, LANGUAGES, MAX_KEYWORDS, splitKeywords, type DraftPage, type PageIssue } from '../state/live-draft';
import { OptionSelect } from './option-select';

function Check({
  checked,
  onChange,
  children,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
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

/**
 * One page of the survey in step 2: its label (as the survey tool names the question), the start
 * flag, the quality criterion and question title, and per criterion its checks, keywords (Enter or
 * ';', at most 15), languages or the grid's items and scale.
 */
export function PageEditor({
  page,
  index,
  issues,
  showIssues,
  canRemove,
  onChange,
  onStart,
  onRemove,
}: {
  page: DraftPage;
  index: number;
  issues: PageIssue[];
  showIssues: boolean;
  canRemove: boolean;
  onChange: (patch: Partial<DraftPage>) => void;
  onStart: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const issue = (field: PageIssue['field']) => {
    const found = showIssues ? issues.find((i) => i.field === field) : undefined;
    return found ? t(found.key, found.params) : null;
  };
  const addKeywords = (text: string) => {
    const next = [...page.keywords];
    for (const k of splitKeywords(text)) if (!next.includes(k)) next.push(k);
    onChange({ keywords: next.slice(0, MAX_KEYWORDS) });
    setTyped('');
  };
  const n = index + 1;
  return (
    <Card.Root variant="outline" bg="bg" data-testid={`live-page-${n}`}>
      <Card.Header pb="0">
        <HStack justify="space-between">
          <HStack gap="4">
            <Text fontWeight="semibold">{t('liveImport.define.page', { n })}</Text>
            <RadioGroup.Root size="sm" value={page.start ? 'start' : ''} onValueChange={() => onStart()}>
              <RadioGroup.Item value="start" data-testid={`live-page-${n}-start`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t('liveImport.define.start')}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </RadioGroup.Root>
          </HStack>
          {canRemove && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('liveImport.define.removePage', { n })}
              onClick={onRemove}
              data-testid={`live-page-${n}-remove`}
            >
              <CloseButton as="span" size="2xs" />
            </IconButton>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={2} gap="4">
            <Field.Root required invalid={Boolean(issue('label'))}>
              <Field.Label fontSize="sm">
                {t('liveImport.define.label')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                size="sm"
                value={page.label}
                onChange={(e) => onChange({ label: e.currentTarget.value })}
                placeholder="Q1"
                data-testid={`live-page-${n}-label`}
              />
              {issue('label') ? (
                <Field.ErrorText>{issue('label')}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('liveImport.define.labelHelp')}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root required>
              <Field.Label fontSize="sm">
                {t('liveImport.define.criterion')}
                <Field.RequiredIndicator />
              </Field.Label>
              <OptionSelect
                value={page.criterion}
                options={CRITERIA}
                label={(c) => t(`liveImport.criteria.${c}`)}
                onChange={(c) => onChange({ criterion: c as LiveQualityCriterion })}
                testId={`live-page-${n}-criterion`}
              />
            </Field.Root>
          </SimpleGrid>
          <Field.Root required invalid={Boolean(issue('questionTitle'))}>
            <Field.Label fontSize="sm">
              {t('liveImport.define.questionTitle')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              size="sm"
              rows={2}
              value={page.questionTitle}
              onChange={(e) => onChange({ questionTitle: e.currentTarget.value })}
              data-testid={`live-page-${n}-question`}
            />
            <Field.ErrorText>{issue('questionTitle')}</Field.ErrorText>
          </Field.Root>
          {page.criterion === 'IBS' && (
            <SimpleGrid columns={3} gap="4">
              <Field.Root required invalid={Boolean(issue('items'))}>
                <Field.Label fontSize="sm">
                  {t('liveImport.define.items')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  size="sm"
                  type="number"
                  min={7}
                  value={page.items}
                  onChange={(e) => onChange({ items: e.currentTarget.value })}
                  data-testid={`live-page-${n}-items`}
                />
                <Field.ErrorText>{issue('items')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(issue('scale'))}>
                <Field.Label fontSize="sm">
                  {t('liveImport.define.min')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  size="sm"
                  type="number"
                  value={page.min}
                  onChange={(e) => onChange({ min: e.currentTarget.value })}
                  data-testid={`live-page-${n}-min`}
                />
                <Field.ErrorText>{issue('scale')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(issue('scale'))}>
                <Field.Label fontSize="sm">
                  {t('liveImport.define.max')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  size="sm"
                  type="number"
                  value={page.max}
                  onChange={(e) => onChange({ max: e.currentTarget.value })}
                  data-testid={`live-page-${n}-max`}
                />
              </Field.Root>
            </SimpleGrid>
          )}
          {page.criterion === 'OES' && (
            <>
              <Field.Root invalid={Boolean(issue('keywords'))}>
                <Field.Label fontSize="sm">{t('liveImport.define.keywords', { max: MAX_KEYWORDS })}</Field.Label>
                <Input
                  size="sm"
                  value={typed}
                  disabled={page.keywords.length >= MAX_KEYWORDS}
                  data-testid={`live-page-${n}-keywords`}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    if (v.includes(';')) addKeywords(v);
                    else setTyped(v);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addKeywords(typed);
                    }
                  }}
                  onBlur={() => typed.trim() && addKeywords(typed)}
                />
                <Field.HelperText>
                  {t('liveImport.define.keywordsHelp', { count: page.keywords.length, max: MAX_KEYWORDS })}
                </Field.HelperText>
                {page.keywords.length > 0 && (
                  <Wrap mt="2" gap="1.5">
                    {page.keywords.map((k) => (
                      <Tag.Root key={k} size="sm" colorPalette="brand" variant="subtle">
                        <Tag.Label>{k}</Tag.Label>
                        <Tag.EndElement>
                          <CloseButton
                            size="2xs"
                            aria-label={t('liveImport.define.removeKeyword', { keyword: k })}
                            onClick={() => onChange({ keywords: page.keywords.filter((x) => x !== k) })}
                          />
                        </Tag.EndElement>
                      </Tag.Root>
                    ))}
                  </Wrap>
                )}
              </Field.Root>
              <Box>
                <Text fontSize="sm" fontWeight="medium" mb="1">
                  {t('liveImport.define.languages')}
                </Text>
                <Wrap gap="3">
                  {LANGUAGES.map((l) => (
                    <Check
                      key={l}
                      checked={page.languages.includes(l)}
                      testId={`live-page-${n}-lang-${l}`}
                      onChange={(on) =>
                        onChange({ languages: on ? [...page.languages, l] : page.languages.filter((x) => x !== l) })
                      }
                    >
                      {l.toUpperCase()}
                    </Check>
                  ))}
                </Wrap>
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {t('liveImport.define.languagesHelp')}
                </Text>
              </Box>
              <HStack gap="5" wrap="wrap">
                <Check
                  checked={page.contextCheck}
                  onChange={(on) => onChange({ contextCheck: on })}
                  testId={`live-page-${n}-context`}
                >
                  {t('liveImport.define.contextCheck')}
                </Check>
                <Check
                  checked={page.duplicateCheck}
                  onChange={(on) => onChange({ duplicateCheck: on })}
                  testId={`live-page-${n}-duplicate`}
                >
                  {t('liveImport.define.duplicateCheck')}
                </Check>
                <Check
                  checked={page.copyPasteCheck}
                  onChange={(on) => onChange({ copyPasteCheck: on })}
                  testId={`live-page-${n}-copypaste`}
                >
                  {t('liveImport.define.copyPasteCheck')}
                </Check>
              </HStack>
            </>
          )}
          {page.criterion === 'TS' && (
            <Text fontSize="sm" color="fg.muted">
              {t('liveImport.define.tsHelp')}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
