import { DEFAULT_RULES, RULE_KEYS, type CleaningMethod, type RuleKey } from '../../../scoring/index';
import type { DatafileRow } from '../uploads';
import type { SavedCleaning } from '../cleaning';
import { DEFAULT_DUPLICATE_OPTIONS } from '../duplicates';

const DEFAULT_ENABLED = DEFAULT_RULES.rules as Record<
  string,
  { enabled: boolean; threshold: number; minDataPoints: number }
>;
const DEFAULT_BAD = DEFAULT_RULES.badAnswers;

/** Names of the rule keys as the worksheet and the settings show them (every key: the field is non-null). */
const RULE_NAMES: Record<RuleKey, string> = {
  combined: 'Combined score',
  is: 'IS',
  ps: 'PS',
  cs: 'CS',
  sds: 'SDS',
  ts: 'TS',
  ibs: 'IBS',
  oes: 'OES',
  con: 'CON',
  bas: 'BAS',
  coh: 'COH',
};

export function presentSettings(
  file: DatafileRow,
  saved: SavedCleaning | null,
  groupingColumns: string[],
  savedBy: string | null,
) {
  const stored = file.cleaningSettings;
  // Before the first save the worksheet opens on the facade's default rules (DEFAULT_RULES); saved
  // settings come back as saved. Every rule key is listed, so the form has one row per score.
  const byKey = new Map((stored?.scoreThresholds ?? []).map((t) => [t.key, t]));
  const defaults = saved?.rules ?? null;
  const scoreThresholds = RULE_KEYS.map((key) => {
    const t = byKey.get(key);
    if (t)
      return {
        key,
        name: t.name || RULE_NAMES[key]!,
        isEnable: t.isEnable,
        threshold: t.threshold,
        minDataPoints: t.minDataPoints ?? 0,
      };
    const r = defaults?.rules[key];
    return {
      key,
      name: RULE_NAMES[key]!,
      isEnable: stored ? false : (r?.enabled ?? DEFAULT_ENABLED[key]!.enabled),
      threshold: r?.threshold ?? DEFAULT_ENABLED[key]!.threshold,
      minDataPoints: r?.minDataPoints ?? DEFAULT_ENABLED[key]!.minDataPoints,
    };
  });
  const manual = saved?.manual ?? {};
  return {
    datafileId: file.id,
    title: file.title,
    status: file.status,
    importType: file.importType,
    revision: file.revision,
    scoringVersion: file.scoringVersion,
    numberOfRecords: file.numberOfRecords,
    isCleaned: file.isCleaned,
    numberOfCleanedRecords: file.numberOfCleanedRecords,
    certificateLevel: file.certificateLevel,
    certificateCode: saved?.certificateCode ?? null,
    cleaningMethod: (file.cleaningMethod as CleaningMethod | null) ?? null,
    scoreThresholds,
    minFailingChecks: stored?.minFailingChecks ?? 1,
    targetSampleSize: stored?.targetSampleSize ?? null,
    badAnswers: stored?.badAnswers ?? { isEnable: DEFAULT_BAD.enabled, min: DEFAULT_BAD.min },
    quotaSetting: stored?.quotaSetting ?? null,
    duplicateRule: stored?.duplicateRule ?? { isEnable: false, keep: 'FIRST' as const, ...DEFAULT_DUPLICATE_OPTIONS },
    manualDecisions: Object.entries(manual).map(([recordId, d]) => ({
      recordId,
      decision: d === 1 ? ('EXCLUDE' as const) : ('KEEP' as const),
    })),
    weightingMethod: file.weightingMethod ?? { datafileWeighting: [], projectiveQuestionsWeighting: [] },
    qualityScores: file.qualityScores,
    groupingColumns,
    savedAt: saved?.savedAt ?? null,
    savedBy,
  };
}

export function presentAuditEntry(e: {
  id: string;
  at: string;
  action: string;
  revision: number;
  recordId: string | null;
  reason: string | null;
  detail: unknown;
  first: string | null;
  last: string | null;
}) {
  return {
    id: e.id,
    at: e.at,
    action: e.action as 'SAVE',
    revision: e.revision,
    recordId: e.recordId,
    reason: e.reason,
    userName: e.first !== null ? `${e.first} ${e.last ?? ''}`.trim() : null,
    detail: e.detail ? JSON.stringify(e.detail) : null,
  };
}
