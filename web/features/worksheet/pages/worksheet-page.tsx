import { Box, Button, Flex, Grid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Formik, useFormikContext } from 'formik';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useSearch } from 'wouter';
import { CLEANING_COLUMNS, type RuleKey } from '../../../../scoring/index.ts';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { CenteredMessage, PageError, PageSpinner } from '../../../components/feedback/page-state';
import { PageHeader } from '../../../components/layout/page-header';
import { refusalOf, type Refusal } from '../../../lib/graphql-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import { canClean, useCleaningSettings, type CleaningSettingsData } from '../api/use-cleaning-settings';
import { useEngineInput } from '../api/use-engine-input';
import { useUpdateCleaningSettings } from '../api/use-update-cleaning-settings';
import { useWorksheetDuplicates } from '../api/use-worksheet-duplicates';
import { DuplicateFields } from '../components/duplicate-fields';
import { SourceImpact } from '../components/source-impact';
import { AuditTrail } from '../components/audit-trail';
import { CleaningCounts } from '../components/cleaning-counts';
import { DecisionTable } from '../components/decision-table';
import { DiscardGuard } from '../components/discard-guard';
import { ImpactView } from '../components/impact-view';
import { ManualPanel } from '../components/manual-panel';
import { OverCleaningGuard } from '../components/over-cleaning-guard';
import { QuotaFields } from '../components/quota-fields';
import { SettingsFields } from '../components/settings-fields';
import { useAfterRows } from '../components/use-after-rows';
import {
  markLoad,
  useCleaningEngine,
  type CleaningRequest,
  type EngineReady,
  type EngineResult,
} from '../engine/index.ts';
import {
  quotaRequest,
  rulesOf,
  weightsOf,
  toFormValues,
  toInput,
  worksheetSchema,
  type ManualValue,
  type ThresholdValue,
  type WorksheetValues,
} from '../settings/form-model';

/** /datafile-work-sheet?datafileId=...: the cleaning worksheet of a processed datafile. */
/** `datafileActions` adds buttons of other features (the export, the report link) beside Save; the app wires them. */
export function WorksheetPage({ datafileActions }: { datafileActions?: (datafileId: string) => ReactNode } = {}) {
  const t = useT();
  const datafileId = new URLSearchParams(useSearch()).get('datafileId') ?? '';
  const { data, error, mutate } = useCleaningSettings(datafileId);
  if (!datafileId) return <CenteredMessage title={t('routes.datafileWorkSheet')} text={t('worksheet.noDatafile')} />;
  if (error && !data) {
    const refusal = refusalOf(error);
    return refusal.code === 'NO_DATAFILE_FOUND' ? (
      <CenteredMessage title={t('routes.datafileWorkSheet')} text={t('errors.NO_DATAFILE_FOUND')} />
    ) : (
      <PageError onRetry={() => void mutate()} />
    );
  }
  if (!data) return <PageSpinner />;
  const settings = data.getDatafileCleaningSettings;
  if (!canClean(settings)) {
    return <CenteredMessage title={settings.title} text={t('worksheet.notReady')} />;
  }
  return <Worksheet settings={settings} onSaved={() => void mutate()} datafileActions={datafileActions} />;
}

function Worksheet({
  settings,
  onSaved,
  datafileActions,
}: {
  settings: CleaningSettingsData;
  onSaved: () => void;
  datafileActions?: (datafileId: string) => ReactNode;
}) {
  const { options, loadError } = useEngineInput(settings);
  useEffect(() => void markLoad('mounted'), []);
  const engine = useCleaningEngine(options);
  // The table's rows first: the rest of the page renders once they are painted. Held here, not in the
  // form, which remounts after every save and must not hide the rules for a frame then.
  const rest = useAfterRows(Boolean(engine.ready && engine.result));
  // Outlives the form, which remounts with the saved values after a save.
  const [saved, setSaved] = useState<string | null>(null);
  // What the worker holds of manual decisions; outlives the form, which is remounted on every save.
  const applied = useRef<Record<string, ManualValue>>({});
  useEffect(() => {
    applied.current = {};
  }, [engine.engine]);
  const { engine: current, ready } = engine;
  /** Sends the worker the rows whose manual decision differs from what it holds. */
  const syncManual = useCallback(
    (manual: Record<string, ManualValue>) => {
      if (!current || !ready?.recordIds) return;
      const rowOf = new Map(ready.recordIds.map((id, i) => [id, i]));
      const changes: [number, 0 | 1 | 2][] = [];
      for (const id of new Set([...Object.keys(applied.current), ...Object.keys(manual)])) {
        const before = applied.current[id]?.decision,
          after = manual[id]?.decision;
        const row = rowOf.get(id);
        if (before !== after && row !== undefined)
          changes.push([row, after === 'EXCLUDE' ? 1 : after === 'KEEP' ? 2 : 0]);
      }
      applied.current = manual;
      if (changes.length) current.setManual(changes);
    },
    [current, ready],
  );
  if (loadError || engine.error) return <PageError onRetry={() => window.location.reload()} />;
  return (
    <Formik<WorksheetValues>
      key={`${settings.savedAt ?? 'never'}:${settings.revision}`}
      initialValues={toFormValues(settings)}
      validationSchema={() => worksheetSchema(() => keptRef.current, settings.numberOfRecords)}
      validateOnMount
      onSubmit={() => undefined}
    >
      <WorksheetForm
        settings={settings}
        ready={engine.ready}
        result={engine.result}
        run={engine.run}
        syncManual={syncManual}
        rest={rest}
        saved={saved}
        setSaved={setSaved}
        onSaved={onSaved}
        datafileActions={datafileActions}
      />
    </Formik>
  );
}

/** The engine's latest kept count, read by the form's remaining-versus-target rule. */
const keptRef: { current: number | null } = { current: null };

function WorksheetForm({
  settings,
  ready,
  result,
  run,
  syncManual,
  rest,
  saved,
  setSaved,
  onSaved,
  datafileActions,
}: {
  settings: CleaningSettingsData;
  ready: EngineReady | null;
  result: EngineResult | null;
  run: (r: CleaningRequest) => void;
  syncManual: (manual: Record<string, ManualValue>) => void;
  /** Whether the parts besides the table render yet (useAfterRows). */
  rest: boolean;
  saved: string | null;
  setSaved: (message: string | null) => void;
  onSaved: () => void;
  datafileActions?: (datafileId: string) => ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const form = useFormikContext<WorksheetValues>();
  const { values, dirty, setFieldValue, resetForm, validateForm, isValid } = form;
  const [groupBy, setGroupBy] = useState(settings.quotaSetting?.column ?? settings.groupingColumns[0] ?? '');
  const [selected, setSelected] = useState<number | null>(null);
  const [askReset, setAskReset] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const save = useUpdateCleaningSettings();
  const { mutate } = useSWRConfig();
  // Number fields holding a draft the form cannot use (out of range, empty): Save waits for them.
  const [badFields, setBadFields] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((field: string, bad: boolean) => {
    setBadFields((now) => {
      if (now.has(field) === bad) return now;
      const next = new Set(now);
      if (bad) next.add(field);
      else next.delete(field);
      return next;
    });
  }, []);

  const values_ = useMemo(
    () => ready?.groupings.find((g) => g.name === values.quota.column)?.values,
    [ready, values.quota.column],
  );

  // Manual decisions go to the worker before the run that follows them (effects run in order).
  useEffect(() => {
    if (ready) syncManual(values.manual);
  }, [ready, values.manual, syncManual]);

  // Every change re-runs the rules in the worker; the page paints the answer.
  const rules = useMemo(() => rulesOf(values), [values]);
  const weights = useMemo(() => weightsOf(values), [values]);
  const quota = useMemo(() => quotaRequest(values, values_), [values, values_]);
  // The combined score under the form's weights once a run computed it: the table shows it, and "keep
  // the best" picks by it as the save will (a weights change runs twice: the second with its duplicates).
  const [weighted, setWeighted] = useState<Float64Array | null>(null);
  useEffect(() => void (result?.combined && setWeighted(result.combined)), [result]);
  const dupeRows = useMemo(
    () => (ready ? { recordIds: ready.recordIds, combined: weighted ?? ready.combined } : null),
    [ready, weighted],
  );
  const dupes = useWorksheetDuplicates(settings.datafileId, values.duplicateRule, dupeRows);
  const duplicate = dupes.removed;
  useEffect(() => {
    if (ready) run({ rules, groupBy: groupBy || null, quota, duplicate, weights });
  }, [ready, rules, quota, groupBy, values.manual, duplicate, weights, run]);

  useEffect(() => {
    keptRef.current = result?.keptCount ?? null;
    void validateForm();
  }, [result, validateForm]);

  const onThresholds = useCallback(
    (next: ThresholdValue[]) => void setFieldValue('scoreThresholds', next),
    [setFieldValue],
  );
  const available = useCallback(
    (key: string) =>
      key === 'combined' || Boolean(ready?.scored.includes(CLEANING_COLUMNS[key as RuleKey]?.score ?? key)),
    [ready],
  );
  const recordId = useCallback((row: number) => ready?.recordIds?.[row] ?? String(row + 1), [ready]);
  const combined = useCallback((row: number) => (weighted ?? ready?.combined)?.[row] ?? Number.NaN, [ready, weighted]);
  const decide = useCallback(
    (id: string, value: ManualValue | null) => {
      const next = { ...values.manual };
      if (value) next[id] = value;
      else delete next[id];
      void setFieldValue('manual', next);
    },
    [values.manual, setFieldValue],
  );
  const deferred = useDeferredValue(result);

  const submit = async () => {
    setRefusal(null);
    setSaved(null);
    const errs = await validateForm();
    if (Object.keys(errs).length) return;
    try {
      const answer = await save.trigger({
        datafileId: settings.datafileId,
        cleaningSettings: toInput(values, settings.revision, settings.weightingMethod.projectiveQuestionsWeighting),
      });
      const r = answer.updateCleaningSettings;
      setSaved(
        t('worksheet.saved', {
          kept: formatNumber(r.numberOfCleanedRecords, locale),
          code: r.certificateCode,
          level: r.certificateLevel,
        }),
      );
      onSaved();
      void revalidateOperations(mutate, 'getCleaningAuditTrail');
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  useEffect(() => void (result && markLoad('table-committed')), [result]);
  const target = values.targetSampleSize === '' ? null : values.targetSampleSize;
  return (
    <Box data-testid="worksheet-page">
      <PageHeader
        title={settings.title}
        subtitle={t('worksheet.subtitle', {
          count: settings.numberOfRecords,
          revision: settings.revision,
          version: settings.scoringVersion ?? '',
        })}
        crumbs={[{ label: t('routes.dashboard'), href: '/' }, { label: t('routes.datafileWorkSheet') }]}
        actions={
          <Flex gap="2">
            {datafileActions?.(settings.datafileId)}
            <Button
              size="sm"
              variant="outline"
              disabled={!dirty}
              onClick={() => setAskReset(true)}
              data-testid="worksheet-discard"
            >
              {t('worksheet.discardButton')}
            </Button>
            <Button
              size="sm"
              colorPalette="brand"
              loading={save.isMutating}
              // Nothing to save once saved: a cleaned datafile saves again only after a change.
              disabled={!ready || !isValid || badFields.size > 0 || (!dirty && settings.isCleaned)}
              onClick={() => void submit()}
              data-testid="worksheet-save"
            >
              {t('worksheet.save')}
            </Button>
          </Flex>
        }
      />
      <Stack gap="3" mb="3">
        <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
        <SuccessAlert message={saved} />
        <Text fontSize="sm" color="fg.muted" data-testid="worksheet-state">
          {settings.isCleaned && settings.savedAt
            ? t('worksheet.lastSaved', {
                at: formatDateTime(settings.savedAt, locale),
                by: settings.savedBy ?? '–',
                kept: formatNumber(settings.numberOfCleanedRecords, locale),
                code: settings.certificateCode ?? '–',
              })
            : t('worksheet.notCleaned')}
          {dirty ? ` · ${t('worksheet.unsaved')}` : ''}
        </Text>
      </Stack>
      {/* Side by side from 1280 px; below, the rules above the table so its five columns keep their room. */}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 27rem) minmax(0, 1fr)' }}
        gap="5"
        alignItems="start"
      >
        {rest ? (
          <Stack gap="4">
            <SettingsFields
              available={available}
              onThresholds={onThresholds}
              report={report}
              guard={result ? <OverCleaningGuard guard={result.guard} minFailing={values.minFailingChecks} /> : null}
              figures={result?.guard}
            />
            <Box as="fieldset" borderWidth="1px" borderColor="border.muted" rounded="md" p="3">
              <Text as="legend" fontWeight="semibold" px="1">
                {t('worksheet.quota.title')}
              </Text>
              <QuotaFields
                columns={settings.groupingColumns}
                groupings={ready?.groupings ?? []}
                composition={result?.composition ?? null}
              />
            </Box>
            <DuplicateFields
              duplicates={dupes.flags}
              removed={duplicate?.length ?? null}
              loading={dupes.isLoading}
              failed={Boolean(dupes.error)}
              report={report}
            />
            <SourceImpact
              recordIds={ready?.recordIds ?? null}
              primary={result?.primary ?? null}
              recordSources={dupes.flags?.recordSources ?? null}
            />
            <Textarea
              size="sm"
              value={values.comment}
              placeholder={t('worksheet.comment')}
              aria-label={t('worksheet.comment')}
              onChange={(e) => void setFieldValue('comment', e.currentTarget.value)}
              data-testid="worksheet-comment"
            />
          </Stack>
        ) : (
          <Box />
        )}
        <Stack gap="5" minW="0">
          {!ready || !result ? (
            <Text data-testid="worksheet-loading">{t('worksheet.calculating')}</Text>
          ) : (
            <>
              <Box>
                <CleaningCounts
                  rows={result.rows}
                  keptCount={result.keptCount}
                  primaryCounts={result.primaryCounts}
                  available={available}
                />
                {target !== null && result.keptCount < target ? (
                  <Text color="fg.error" fontSize="sm" data-testid="below-target">
                    {t('reasons.REMAINING_BELOW_TARGET', {
                      remaining: formatNumber(result.keptCount, locale),
                      target: formatNumber(target, locale),
                    })}
                  </Text>
                ) : null}
              </Box>
              <Box>
                <DecisionTable
                  rows={result.rows}
                  recordId={recordId}
                  combined={combined}
                  kept={result.kept}
                  primary={result.primary}
                  height={360}
                  onSelect={setSelected}
                  selected={selected}
                />
                {rest ? (
                  <Box mt="2">
                    <ManualPanel
                      recordId={selected === null ? null : recordId(selected)}
                      current={selected === null ? undefined : values.manual[recordId(selected)]}
                      onDecide={decide}
                    />
                  </Box>
                ) : null}
              </Box>
              {rest && deferred ? (
                <ImpactView
                  result={deferred}
                  groupings={ready.groupings}
                  groupBy={groupBy}
                  onGroupBy={setGroupBy}
                  available={available}
                />
              ) : null}
            </>
          )}
          {rest ? (
            <Box>
              <Text fontWeight="semibold" mb="2">
                {t('worksheet.audit.title')}
              </Text>
              <AuditTrail datafileId={settings.datafileId} />
            </Box>
          ) : null}
        </Stack>
      </Grid>
      {/* Nothing can be changed before the rules render, so the guard and its dialog come with them. */}
      {rest ? (
        <DiscardGuard
          dirty={dirty}
          askReset={askReset}
          onResetAsked={() => setAskReset(false)}
          onReset={() => resetForm()}
        />
      ) : null}
    </Box>
  );
}
