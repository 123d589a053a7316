import { Box, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { memo, useCallback, useState, type ReactNode } from 'react';
import { CLEANING_METHODS, enabledChecks, type CheckGuard } from '../../../../scoring/index.ts';
import { useT } from '../../../lib/i18n';
import { WEIGHT_KEYS, type ThresholdValue, type WorksheetValues } from '../settings/form-model';
import { NumberField } from './number-field';
import { GuardLine } from './over-cleaning-guard';

/** Reports whether a number field holds a draft the form cannot use (Save waits for it). */
export type ReportProblem = (field: string, bad: boolean) => void;

/**
 * The sentence under a number field whose draft was not applied, and the handler the field calls:
 * the message names the range and the value the rule keeps meanwhile.
 */
export function useFieldProblem(field: string, report: ReportProblem) {
  const [range, setRange] = useState<{ min: number; max: number } | null>(null);
  const onProblem = useCallback(
    (problem: { min: number; max: number } | null) => {
      setRange(problem);
      report(field, problem !== null);
    },
    [field, report],
  );
  return { range, onProblem };
}

export function ProblemText({
  range,
  current,
  testId,
}: {
  range: { min: number; max: number } | null;
  current: number;
  testId: string;
}) {
  const t = useT();
  if (!range) return null;
  return (
    <Text color="fg.error" fontSize="xs" gridColumn="1 / -1" data-testid={testId} role="alert">
      {t('worksheet.form.notApplied', { min: range.min, max: range.max, current })}
    </Text>
  );
}

// Plain inputs in one styled box: a threshold step re-renders this form, so it must stay cheap.
export const FIELDS_CSS = {
  '& .threshold-row': {
    display: 'grid',
    gridTemplateColumns: '1.4rem 9rem 1fr 4.5rem 4.5rem',
    gap: '2',
    alignItems: 'center',
    py: '1',
  },
  '& input[type=number]': {
    width: '100%',
    borderWidth: '1px',
    borderColor: 'border',
    rounded: 'sm',
    px: '1.5',
    py: '0.5',
    bg: 'bg',
  },
  '& input[type=range]': { width: '100%', accentColor: 'var(--chakra-colors-brand-solid, #1d52ed)' },
  '& fieldset': { borderWidth: '1px', borderColor: 'border.muted', rounded: 'md', p: '3' },
  '& legend': { fontWeight: 'semibold', px: '1' },
} as const;

/** Answer categories the open-answer count rule counts (the facade's fixed set). */
const BAD_CATEGORIES = [6, 7, 10, 11, 12, 13, 14] as const;

const ThresholdRow = memo(function ThresholdRow({
  index,
  value,
  label,
  onChange,
  report,
  figures,
  minFailing,
}: {
  index: number;
  value: ThresholdValue;
  label: string;
  onChange: (index: number, patch: Partial<ThresholdValue>) => void;
  report: ReportProblem;
  figures?: CheckGuard;
  minFailing: number;
}) {
  const t = useT();
  const threshold = useFieldProblem(`${value.key}.threshold`, report);
  const points = useFieldProblem(`${value.key}.minDataPoints`, report);
  return (
    <div className="threshold-row" data-testid={`threshold-${value.key}`}>
      <input
        type="checkbox"
        checked={value.isEnable}
        aria-label={t('worksheet.form.enable', { name: label })}
        onChange={(e) => onChange(index, { isEnable: e.currentTarget.checked })}
        data-testid={`threshold-${value.key}-enabled`}
      />
      <span>{label}</span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={value.threshold}
        disabled={!value.isEnable}
        aria-label={t('worksheet.form.threshold', { name: label })}
        onChange={(e) => onChange(index, { threshold: Number(e.currentTarget.value) })}
        data-testid={`threshold-${value.key}-slider`}
      />
      <NumberField
        min={0}
        max={100}
        value={value.threshold}
        disabled={!value.isEnable}
        aria-label={t('worksheet.form.thresholdNumber', { name: label })}
        onValue={(v) => onChange(index, { threshold: v })}
        onProblem={threshold.onProblem}
        data-testid={`threshold-${value.key}-number`}
      />
      <NumberField
        min={0}
        max={1000}
        value={value.minDataPoints}
        disabled={!value.isEnable}
        aria-label={t('worksheet.form.minDataPoints', { name: label })}
        title={t('worksheet.form.minDataPointsHint')}
        onValue={(v) => onChange(index, { minDataPoints: v })}
        onProblem={points.onProblem}
        data-testid={`threshold-${value.key}-min-points`}
      />
      <ProblemText range={threshold.range} current={value.threshold} testId={`threshold-${value.key}-problem`} />
      <ProblemText
        range={points.range}
        current={value.minDataPoints}
        testId={`threshold-${value.key}-points-problem`}
      />
      <GuardLine g={figures} minFailing={minFailing} />
    </div>
  );
});

/** Method, thresholds, the open-answer rule, k of n, the guard, target sample size, weighting. */
export function SettingsFields({
  available,
  onThresholds,
  guard,
  figures,
  report,
}: {
  available: (key: string) => boolean;
  onThresholds: (next: ThresholdValue[]) => void;
  /** A number field holds a draft the form cannot use, or no longer does. */
  report: ReportProblem;
  /** The over-cleaning guard of the latest run, shown below the rules it describes. */
  guard?: ReactNode;
  /** The guard's figures per check of the latest run, each shown on its rule's line. */
  figures?: readonly CheckGuard[];
}) {
  const t = useT();
  const { values, setFieldValue, errors } = useFormikContext<WorksheetValues>();
  const change = (index: number, patch: Partial<ThresholdValue>) => {
    const next = values.scoreThresholds.map((x, i) => (i === index ? { ...x, ...patch } : x));
    onThresholds(next);
  };
  const badMin = useFieldProblem('badAnswers.min', report);
  const kOfN = useFieldProblem('minFailingChecks', report);
  const figure = (check: string) => figures?.find((g) => g.check === check);
  const error = (key: keyof WorksheetValues) => (typeof errors[key] === 'string' ? t(errors[key] as string) : null);
  return (
    <Stack gap="4" css={FIELDS_CSS}>
      <fieldset>
        <legend>{t('worksheet.form.method')}</legend>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={values.cleaningMethod}
            onChange={(e) => void setFieldValue('cleaningMethod', e.currentTarget.value)}
            data-testid="cleaning-method"
            aria-label={t('worksheet.form.method')}
          >
            <option value="">{t('worksheet.form.chooseMethod')}</option>
            {CLEANING_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`worksheet.methods.${m}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error('cleaningMethod') ? (
          <Text color="fg.error" fontSize="sm" mt="1" data-testid="error-method">
            {error('cleaningMethod')}
          </Text>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('worksheet.form.thresholds')}</legend>
        <Flex fontSize="xs" color="fg.muted" gap="2" display="grid" gridTemplateColumns="1.4rem 9rem 1fr 4.5rem 4.5rem">
          <span />
          <span>{t('worksheet.form.score')}</span>
          <span>{t('worksheet.form.removeBelow')}</span>
          <span />
          <span>{t('worksheet.form.minDataPointsShort')}</span>
        </Flex>
        {values.scoreThresholds.map((v, i) =>
          available(v.key) ? (
            <ThresholdRow
              key={v.key}
              index={i}
              value={v}
              label={t(`worksheet.scoreNames.${v.key}`)}
              onChange={change}
              report={report}
              figures={figure(v.key)}
              minFailing={values.minFailingChecks}
            />
          ) : null,
        )}
        {error('scoreThresholds') ? (
          <Text color="fg.error" fontSize="sm" mt="1" data-testid="error-thresholds">
            {error('scoreThresholds')}
          </Text>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('worksheet.form.openAnswers')}</legend>
        <Flex gap="3" align="center">
          <input
            type="checkbox"
            checked={values.badAnswers.isEnable}
            onChange={(e) => void setFieldValue('badAnswers.isEnable', e.currentTarget.checked)}
            aria-label={t('worksheet.form.openAnswersEnable')}
            data-testid="bad-answers-enabled"
          />
          <Text fontSize="sm">{t('worksheet.form.openAnswersMin')}</Text>
          <Box w="4.5rem">
            <NumberField
              min={1}
              max={100}
              value={values.badAnswers.min}
              aria-label={t('worksheet.form.openAnswersMin')}
              onValue={(v) => void setFieldValue('badAnswers.min', v)}
              onProblem={badMin.onProblem}
              data-testid="bad-answers-min"
            />
          </Box>
        </Flex>
        <ProblemText range={badMin.range} current={values.badAnswers.min} testId="bad-answers-min-problem" />
        <GuardLine g={figure('badAnswers')} minFailing={values.minFailingChecks} />
        <Text fontSize="xs" color="fg.muted" mt="1">
          {BAD_CATEGORIES.map((c) => t(`results.categories.${c}`)).join(', ')}
        </Text>
      </fieldset>
      <fieldset>
        <legend>{t('worksheet.form.kOfN')}</legend>
        <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
          <Text>{t('worksheet.form.kOfNBefore')}</Text>
          <Box w="4.5rem">
            <NumberField
              min={1}
              max={100}
              value={values.minFailingChecks}
              aria-label={t('worksheet.form.kOfN')}
              data-testid="min-failing-checks"
              onValue={(v) => void setFieldValue('minFailingChecks', v)}
              onProblem={kOfN.onProblem}
            />
          </Box>
          <Text>{t('worksheet.form.kOfNAfter', { n: enabledChecks(values) })}</Text>
        </Flex>
        <ProblemText range={kOfN.range} current={values.minFailingChecks} testId="min-failing-checks-problem" />
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('worksheet.form.kOfNHint')}
        </Text>
        {error('minFailingChecks') ? (
          <Text color="fg.error" fontSize="sm" mt="1" data-testid="error-min-failing">
            {error('minFailingChecks')}
          </Text>
        ) : null}
      </fieldset>
      {guard}
      <fieldset>
        <legend>{t('worksheet.form.target')}</legend>
        <Input
          size="sm"
          type="number"
          min={1}
          value={values.targetSampleSize}
          placeholder={t('worksheet.form.targetNone')}
          data-testid="target-sample-size"
          aria-label={t('worksheet.form.target')}
          onChange={(e) =>
            void setFieldValue('targetSampleSize', e.currentTarget.value === '' ? '' : e.currentTarget.valueAsNumber)
          }
        />
        {error('targetSampleSize') ? (
          <Text color="fg.error" fontSize="sm" mt="1" data-testid="error-target">
            {error('targetSampleSize')}
          </Text>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('worksheet.form.weighting')}</legend>
        <Text fontSize="xs" color="fg.muted" mb="2">
          {t('worksheet.form.weightingHint')}
        </Text>
        <Flex gap="2" wrap="wrap">
          {WEIGHT_KEYS.map((k) => (
            <Box key={k} w="5.5rem" fontSize="sm">
              <Text fontSize="xs">{k.toUpperCase()}</Text>
              <input
                type="number"
                min={0}
                max={100}
                step={0.5}
                value={values.weights[k] ?? ''}
                aria-label={t('worksheet.form.weight', { name: k.toUpperCase() })}
                onChange={(e) =>
                  void setFieldValue(`weights.${k}`, e.currentTarget.value === '' ? '' : e.currentTarget.valueAsNumber)
                }
              />
            </Box>
          ))}
        </Flex>
        {error('weights') ? (
          <Text color="fg.error" fontSize="sm" mt="1" data-testid="error-weights">
            {error('weights')}
          </Text>
        ) : null}
      </fieldset>
    </Stack>
  );
}
