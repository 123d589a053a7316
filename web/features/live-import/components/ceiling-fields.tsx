import { Card, Field, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { BOUNDS, defaultCeilings } from '../../../../db/domain/live-limits';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';

/** The ceiling as typed in step 2: empty fields take their defaults. */
export type CeilingDraft = { expectedRespondents: string; maxRespondents: string; maxCredits: string };
export const EMPTY_CEILING: CeilingDraft = { expectedRespondents: '', maxRespondents: '', maxCredits: '' };

const FIELDS = ['expectedRespondents', 'maxRespondents', 'maxCredits'] as const;

/** The fields that break the server's rules (a whole number within bounds, or empty). */
export function ceilingIssues(draft: CeilingDraft): (keyof CeilingDraft)[] {
  return FIELDS.filter((f) => {
    const text = draft[f].trim();
    if (text === '') return false;
    const { min, max } = BOUNDS[f];
    return !/^\d+$/.test(text) || Number(text) < min || Number(text) > max;
  });
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** What createLiveDatafile takes: only what was typed (the server fills in the defaults). */
export const ceilingInput = (draft: CeilingDraft) => ({
  expectedRespondents: numberOrNull(draft.expectedRespondents),
  maxRespondents: numberOrNull(draft.maxRespondents),
  maxCredits: numberOrNull(draft.maxCredits),
});

/**
 * Step 2's ceiling: the expected sample and, when not their defaults, the ceilings of respondents
 * and credits. The defaults follow as you type: 1.5 x the expected sample (else 1,000), at what one
 * respondent of these pages costs.
 */
export function CeilingFields({
  draft,
  onChange,
  creditsPerRespondent,
  showIssues,
}: {
  draft: CeilingDraft;
  onChange: (patch: Partial<CeilingDraft>) => void;
  creditsPerRespondent: number;
  showIssues: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const issues = showIssues ? ceilingIssues(draft) : [];
  const expected = issues.includes('expectedRespondents') ? null : numberOrNull(draft.expectedRespondents);
  const defaults = defaultCeilings(expected, creditsPerRespondent);
  const respondents = numberOrNull(draft.maxRespondents);
  const placeholder = {
    expectedRespondents: '',
    maxRespondents: formatNumber(defaults.maxRespondents, locale),
    // The credits default follows a typed respondents ceiling.
    maxCredits: formatNumber(
      respondents && !issues.includes('maxRespondents') ? respondents * creditsPerRespondent : defaults.maxCredits,
      locale,
    ),
  };
  return (
    <Card.Root variant="outline" bg="bg" data-testid="live-ceiling">
      <Card.Header>
        <Heading size="md">{t('liveImport.define.ceilingTitle')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('liveImport.define.ceilingHelp')}
        </Text>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {FIELDS.map((f) => {
            const { min, max } = BOUNDS[f];
            return (
              <Field.Root key={f} invalid={issues.includes(f)}>
                <Field.Label>{t(`liveImport.define.${f}`)}</Field.Label>
                <Input
                  inputMode="numeric"
                  value={draft[f]}
                  placeholder={placeholder[f]}
                  onChange={(e) => onChange({ [f]: e.currentTarget.value })}
                  data-testid={`live-ceiling-${f}`}
                  bg="bg"
                />
                {issues.includes(f) ? (
                  <Field.ErrorText>
                    {t('liveImport.limits.wholeNumber', {
                      min: formatNumber(min, locale),
                      max: formatNumber(max, locale),
                    })}
                  </Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    {f === 'expectedRespondents'
                      ? t('liveImport.define.expectedHelp')
                      : t('liveImport.define.defaultValue', { value: placeholder[f] })}
                  </Field.HelperText>
                )}
              </Field.Root>
            );
          })}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
