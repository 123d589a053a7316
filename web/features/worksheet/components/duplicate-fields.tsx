import { Box, Flex, NativeSelect, Spinner, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { DUPLICATE_KEEP, type DuplicateKeep } from '../../../../scoring/index.ts';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { WorksheetDuplicates } from '../api/use-worksheet-duplicates';
import type { WorksheetValues } from '../settings/form-model';
import { NumberField } from './number-field';
import { FIELDS_CSS, ProblemText, useFieldProblem, type ReportProblem } from './settings-fields';

/** Matches named below the rule; the result page's Duplicates tab lists them all. */
const SHOWN = 5;

/**
 * The Duplicate Respondent rule: on or off, which interview of one respondent stays, the window in
 * which an earlier interview counts and the velocity thresholds (saved for the Duplicates tab too),
 * with the duplicates the server found for them, each naming the interview it matches.
 */
export function DuplicateFields({
  duplicates,
  removed,
  loading,
  failed,
  report,
}: {
  duplicates: WorksheetDuplicates | null;
  removed: number | null;
  loading: boolean;
  failed: boolean;
  report: ReportProblem;
}) {
  const t = useT();
  const locale = useLocale();
  const { values, setFieldValue } = useFormikContext<WorksheetValues>();
  const rule = values.duplicateRule;
  const windowDays = useFieldProblem('duplicateRule.windowDays', report);
  const surveys = useFieldProblem('duplicateRule.velocitySurveys', report);
  const days = useFieldProblem('duplicateRule.velocityDays', report);
  const n = (v: number) => formatNumber(v, locale);
  const number = (
    field: 'windowDays' | 'velocitySurveys' | 'velocityDays',
    min: number,
    max: number,
    problem: ReturnType<typeof useFieldProblem>,
  ) => (
    <Box w="4.5rem">
      <NumberField
        min={min}
        max={max}
        value={rule[field]}
        aria-label={t(`worksheet.duplicates.${field}`)}
        data-testid={`duplicate-${field}`}
        onValue={(v) => void setFieldValue(`duplicateRule.${field}`, v)}
        onProblem={problem.onProblem}
      />
    </Box>
  );
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="border.muted" rounded="md" p="3" data-testid="duplicate-rule">
      <Text as="legend" fontWeight="semibold" px="1">
        {t('worksheet.duplicates.title')}
      </Text>
      <Box css={{ '& input[type=number]': FIELDS_CSS['& input[type=number]'] }}>
        <Flex as="label" gap="2" align="center" fontSize="sm" mb="2">
          <input
            type="checkbox"
            checked={rule.isEnable}
            onChange={(e) => void setFieldValue('duplicateRule.isEnable', e.currentTarget.checked)}
            data-testid="duplicate-enabled"
          />
          {t('worksheet.duplicates.enable')}
        </Flex>
        <Flex gap="3" align="center" wrap="wrap" fontSize="sm">
          <Text>{t('worksheet.duplicates.keep')}</Text>
          <NativeSelect.Root size="xs" w="auto">
            <NativeSelect.Field
              value={rule.keep}
              aria-label={t('worksheet.duplicates.keep')}
              data-testid="duplicate-keep"
              onChange={(e) => void setFieldValue('duplicateRule.keep', e.currentTarget.value as DuplicateKeep)}
            >
              {DUPLICATE_KEEP.map((k) => (
                <option key={k} value={k}>
                  {t(`worksheet.duplicates.keep${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
        <Flex gap="2" align="center" wrap="wrap" fontSize="sm" mt="2">
          <Text>{t('worksheet.duplicates.windowDays')}</Text>
          {number('windowDays', 1, 730, windowDays)}
        </Flex>
        <ProblemText range={windowDays.range} current={rule.windowDays} testId="duplicate-windowDays-problem" />
        <Flex gap="2" align="center" wrap="wrap" fontSize="sm" mt="2">
          <Text>{t('worksheet.duplicates.velocitySurveys')}</Text>
          {number('velocitySurveys', 2, 100, surveys)}
          <Text>{t('worksheet.duplicates.velocityDays')}</Text>
          {number('velocityDays', 1, 90, days)}
        </Flex>
        <ProblemText range={surveys.range} current={rule.velocitySurveys} testId="duplicate-velocitySurveys-problem" />
        <ProblemText range={days.range} current={rule.velocityDays} testId="duplicate-velocityDays-problem" />
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t('worksheet.duplicates.hint')}
      </Text>
      <Box mt="2" fontSize="sm" data-testid="duplicate-found">
        {failed ? (
          <Text color="fg.error">{t('worksheet.duplicates.failed')}</Text>
        ) : loading || !duplicates ? (
          <Spinner size="xs" data-testid="duplicate-loading" />
        ) : duplicates.interviewsWithIdentity === 0 ? (
          <Text color="fg.muted" data-testid="duplicate-empty">
            {t('worksheet.duplicates.noIdentities')}
          </Text>
        ) : (
          <>
            <Text data-testid="duplicate-summary">
              {t('worksheet.duplicates.found', {
                flagged: n(new Set(duplicates.duplicates.map((d) => d.recordId)).size),
                velocity: n(duplicates.velocity.length),
              })}
              {removed !== null ? ` ${t('worksheet.duplicates.removes', { n: n(removed) })}` : ''}
            </Text>
            {duplicates.duplicates.slice(0, SHOWN).map((d) => (
              <Text key={`${d.kind}-${d.recordId}`} fontSize="xs" color="fg.muted" data-testid="duplicate-match">
                {d.recordId}:{' '}
                {t(`results.duplicates.matches${d.kind}`, {
                  record: d.matchRecordId,
                  datafile: d.matchDatafileTitle,
                  date: formatDateTime(d.matchSeenAt, locale),
                })}
              </Text>
            ))}
            {duplicates.duplicates.length > SHOWN ? (
              <Text fontSize="xs" color="fg.muted">
                {t('worksheet.duplicates.more', { n: n(duplicates.duplicates.length - SHOWN) })}
              </Text>
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
}
