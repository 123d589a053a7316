// Shared by `npm run bench:live`, `npm run soak:live` and the short soak test: a database with an
// organisation (active contract, credits), its owner and a live datafile of three pages; the
// respondents a survey tool would send; the server's CPU time from /proc.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeps } from '../../api/compose/create-deps';
import { readEnv } from '../../api/env';
import { systemClock, todayIn } from '../../api/lib/clock';
import { assignContract } from '../../api/modules/contracts/contracts.service';
import { createLiveDatafile, openLiveDatafile } from '../../api/modules/live-import/live-define.service';
import { updateSettings } from '../../api/modules/live-import/live.repo';
import { settingsView } from '../../api/modules/live-import/live-settings.service';
import type { Viewer } from '../../api/graphql/context';
import { makeCompany, makeUser } from '../support/factories';

export const PAGES = [
  {
    label: 'Q1',
    start: true,
    criterion: 'OES',
    questionTitle: 'Was hat Ihnen beim letzten Einkauf gefallen?',
    keywords: ['Einkauf'],
    languages: ['de'],
    copyPasteCheck: true,
  },
  { label: 'Grid1', start: false, criterion: 'IBS', questionTitle: 'Zufriedenheit', items: 7, min: 1, max: 5 },
  { label: 'Q3', start: false, criterion: 'TS', questionTitle: 'Alter' },
] as const;

export function serverEnv(dir: string): Record<string, string> {
  return {
    DATABASE_URL: `file:${join(dir, 'live.db')}`,
    STORAGE_DIR: join(dir, 'storage'),
    LIVE_RATE_PER_SECOND: '100000',
    LIVE_RATE_BURST: '100000',
    APP_SECRET: 'x'.repeat(40),
  };
}

/**
 * Builds the world in `dir` (the server processes open the same files afterwards). Every request
 * of a load generator comes from 127.0.0.1, so the per-address limit is set far above any run (it
 * is still counted, as for real traffic) unless `limits` says otherwise; the ceiling too.
 */
export async function setupLiveWorld(
  dir: string,
  credits: number,
  limits: { maxRespondents?: number; perAddressPerHour?: number; perDevice?: number } = {},
) {
  const env = readEnv({
    NODE_ENV: 'test',
    JOB_INTERVAL_MINUTES: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    ...serverEnv(dir),
  });
  const deps = await createDeps(env, { log: { info: () => {}, error: () => {} } });
  const A = await makeCompany(deps.db, { name: 'Live bench' });
  const owner = await makeUser(deps.db, deps.appSecret, {
    companyId: A,
    accessLevel: 'ADMIN',
    owner: true,
    password: null,
  });
  const op = await makeUser(deps.db, deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN', password: null });
  // Vienna's today, as the contracts module checks it (a UTC date is a day behind late in the evening).
  const today = todayIn(systemClock);
  const next = new Date(Date.parse(`${today}T12:00:00Z`) + 364 * 86_400_000).toISOString().slice(0, 10);
  await assignContract(
    deps,
    op.id,
    {
      companyId: A,
      contract: { contractType: 'CUSTOM', startDate: today, endDate: next, autoRenew: false },
      creditPlan: { creditPlanCategory: 'EXPIRING', creditAmount: credits, pricePerCredit: 1, paymentAmount: credits },
    },
    'NEW',
  );
  const viewer = {
    userId: owner.id,
    accessLevel: 'ADMIN',
    companyId: A,
    ownCompanyId: A,
    sessionId: null,
    sessionExpiresAt: null,
    via: 'session',
    locale: 'en',
  } as unknown as Viewer;
  const datafileId = await createLiveDatafile(deps, viewer, {
    maxRespondents: limits.maxRespondents ?? 10_000_000,
    name: 'Live bench',
    surveySoftware: 'OTHER',
    pages: PAGES.map((p) => ({
      ...p,
      keywords: 'keywords' in p ? [...p.keywords] : [],
      languages: 'languages' in p ? [...p.languages] : [],
    })),
  });
  await openLiveDatafile(deps, viewer, datafileId);
  await updateSettings(deps.db, datafileId, {
    perAddressPerHour: limits.perAddressPerHour ?? 10_000_000,
    perDevice: limits.perDevice ?? 0,
  });
  const row = (await deps.db.get<{ s: string }>(
    `select secret_key as s from datafiles where id = '${datafileId}'` as never,
  ))!;
  const { serverKey } = await settingsView(deps, datafileId);
  deps.close();
  return { companyId: A, ownerId: owner.id, datafileId, secret: row.s, serverKey };
}

const ANSWERS = [
  'Die Auswahl an frischem Obst und die freundliche Beratung an der Kasse.',
  'Schnelle Kasse, wenig Wartezeit und gute Angebote beim Einkauf.',
  'keine Ahnung',
  'asdfgh jklö',
  'Das Personal war hilfsbereit und der Laden sauber.',
];

/** A respondent, deterministic by index: answers vary, times spread around a minute per page. */
export function respondentBody(recordId: string, i: number): string {
  const t = (k: number) => 20 + ((i * 7919 + k * 104729) % 100);
  return JSON.stringify({
    recordId,
    answers: {
      Q1: {
        answer: ANSWERS[i % ANSWERS.length],
        seconds: t(1),
        pastes: i % 17 === 0 ? 1 : 0,
        keystrokes: 60,
        // The snippet's behaviour fields, so the endpoint is measured with what real snippets send.
        behaviour: {
          keys: 60,
          deletions: 3,
          firstKeyMs: 4100,
          typingMs: 14_000,
          ikiMedianMs: 205 + (i % 40),
          ikiIqrMs: 110,
          regularShare: 0.05,
          pastes: i % 17 === 0 ? 1 : 0,
          pastedChars: i % 17 === 0 ? 60 : 0,
          pastesAfterSwitch: 0,
          unexplainedChars: 0,
          focusLosses: 0,
          hidden: 0,
          translated: false,
        },
      },
      Grid1: { items: Array.from({ length: 7 }, (_, k) => 1 + ((i + k * (i % 3)) % 5)), seconds: t(2) },
      Q3: { seconds: t(3) },
    },
  });
}

/** A process's CPU time so far (user + system, ms), from /proc (Linux). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
