import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { LiveQualityCriterion, SurveySoftware } from '../../../lib/gql/graphql';
import { creditsForInterview } from '../../../../scoring/credits';

export const SURVEY_SOFTWARE: SurveySoftware[] = ['NFIELD', 'FORSTA', 'QUALTRICS', 'OTHER'];
export const CRITERIA: LiveQualityCriterion[] = ['OES', 'IBS', 'TS'];
export const FORSTA_TEMPLATES = ['DECIPHER_XML', 'FORSTA_PLUS_JS'] as const;
export type ForstaTemplate = (typeof FORSTA_TEMPLATES)[number];
/** Nfield's API regions (each has its own host). */
export const NFIELD_REGIONS = ['EU', 'AMERICAS', 'ASIA', 'CHINA'] as const;

/** The same limits the server enforces (api/modules/live-import/live-config.ts). */
export const MAX_NAME = 100;
export const MAX_KEYWORDS = 15;
export const LABEL = /^[\p{L}\p{N}]{1,64}$/u;
/** Languages offered for the language check (the scoring core's stop-word lists). */
export const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'tr', 'cs', 'hr', 'ro', 'hu', 'sv'];

export type Step1 = { name: string; surveySoftware: SurveySoftware | ''; forstaTemplate: ForstaTemplate };

/**
 * Step 1 waits in the tab's session storage until step 2 saves the datafile: a reload of step 2 keeps
 * it, another tab or a new login starts afresh (nothing secret is in it; the Nfield password goes to
 * the server at once and never here).
 */
export const step1Atom = atomWithStorage<Step1 | null>(
  'liveImportStep1',
  null,
  createJSONStorage(() => sessionStorage),
  { getOnInit: true },
);

export type DraftPage = {
  key: number;
  label: string;
  start: boolean;
  criterion: LiveQualityCriterion;
  questionTitle: string;
  contextCheck: boolean;
  duplicateCheck: boolean;
  copyPasteCheck: boolean;
  keywords: string[];
  languages: string[];
  items: string;
  min: string;
  max: string;
};

let nextKey = 1;
export function newPage(start: boolean): DraftPage {
  return {
    key: nextKey++,
    label: '',
    start,
    criterion: 'OES',
    questionTitle: '',
    contextCheck: false,
    duplicateCheck: true,
    copyPasteCheck: false,
    keywords: [],
    languages: [],
    items: '7',
    min: '1',
    max: '5',
  };
}

/** Keywords typed with Enter or ';' between them, trimmed, without repeats. */
export function splitKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(';')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    ),
  ];
}

export type PageIssue = {
  field: 'label' | 'questionTitle' | 'keywords' | 'items' | 'scale';
  key: string;
  params?: Record<string, string | number>;
};

/** The rules of step 2 in the form (the server checks them again and answers with catalogue reasons). */
export function pageIssues(pages: readonly DraftPage[]): Map<number, PageIssue[]> {
  const issues = new Map<number, PageIssue[]>();
  const seen = new Map<string, number>();
  for (const p of pages) {
    const list: PageIssue[] = [];
    const label = p.label.trim();
    if (!label) list.push({ field: 'label', key: 'liveImport.define.labelRequired' });
    else if (!LABEL.test(label)) list.push({ field: 'label', key: 'liveImport.define.labelChars' });
    else if (seen.has(label.toLowerCase())) list.push({ field: 'label', key: 'liveImport.define.labelDuplicate' });
    seen.set(label.toLowerCase(), p.key);
    if (!p.questionTitle.trim()) list.push({ field: 'questionTitle', key: 'liveImport.define.questionTitleRequired' });
    if (p.keywords.length > MAX_KEYWORDS)
      list.push({ field: 'keywords', key: 'liveImport.define.tooManyKeywords', params: { max: MAX_KEYWORDS } });
    if (p.criterion === 'IBS') {
      const items = Number(p.items);
      if (!Number.isInteger(items) || items < 7 || items > 100)
        list.push({ field: 'items', key: 'liveImport.define.itemsRange' });
      if (!(p.min.trim() !== '' && p.max.trim() !== '' && Number(p.min) < Number(p.max)))
        list.push({ field: 'scale', key: 'liveImport.define.scale' });
    }
    if (list.length) issues.set(p.key, list);
  }
  return issues;
}

/**
 * Credits one respondent who answers every page costs: the credit rule (one per scored
 * data point: every page time plus the total time, each grid, each open answer; 4 to 10), by the
 * same function the public calculator uses (scoring/credits.ts, held to the WASM kernel by a test).
 */
export function creditEstimate(pages: readonly DraftPage[]): number {
  return creditsForInterview([
    pages.length + 1,
    pages.filter((p) => p.criterion === 'IBS').length,
    pages.filter((p) => p.criterion === 'OES').length,
  ]);
}
