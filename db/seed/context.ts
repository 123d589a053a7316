import type { Tx } from '../client';
import { viennaDate, type IsoDate } from '../domain/calendar';

/** What the seed needs from the app (db/ imports nothing from api/): password hashing. Demo users have no API key (keys are shown once, to whoever generates one). */
export type SeedSecrets = {
  hashPassword: (password: string) => Promise<string>;
  /** Hash of a mail-link token, so the seeded pending invitation has a (never mailed) token. */
  hashToken: (token: string) => string;
};

/** Fixed ids keep the demo data deterministic and the seed idempotent. */
export const sid = (kind: string, n: number) =>
  `00000000-0000-4000-8000-${kind}${String(n).padStart(12 - kind.length, '0')}`;

/**
 * The demo datafiles the upload pipeline makes from generated surveys (api/demo/seed-datafiles.ts),
 * by fixed id: the seed's notifications name them, so every notification opens a file with data.
 */
export const DEMO_UPLOAD_IDS = {
  /** Reisestudie Sommer 2026: the demo admin's, cleaned, report published, 6 days ago. */
  travel: '00000000-0000-4000-8000-0000000d0f01',
  /** Customer Experience Tracker (Qualtrics): the demo employee's, cleaned, 3 days ago. */
  experience: '00000000-0000-4000-8000-0000000d0f02',
  /** Markenimage Welle 1: the demo admin's, not cleaned, 1 day ago. */
  brandImage: '00000000-0000-4000-8000-0000000d0f03',
} as const;

/**
 * The demo employee's draft upload: its datafile row comes from the seed, its file and upload row
 * from api/demo/seed-datafiles.ts (the seed writes no files), so "continue" leads to a real file.
 */
export const DEMO_DRAFT = {
  datafileId: sid('6', 3),
  uploadId: sid('0d', 3),
  sourceKey: `uploads/${sid('c', 1)}/${sid('b', 3)}/demo-draft.csv`,
  fileName: 'employee-pulse-export.csv',
} as const;

/** Inserts rows in the seed's transaction; rows already there stay as they are, so a rerun writes nothing new. */
export type SeedInsert = <T>(table: Parameters<Tx['insert']>[0], rows: T[]) => Promise<void>;

export function seedInsert(tx: Tx): SeedInsert {
  return async (table, rows) => {
    if (rows.length)
      await tx
        .insert(table)
        .values(rows as never)
        .onConflictDoNothing();
  };
}

/** The seed's clock: every date is relative to `now` (Vienna), so statuses hold on any day. */
export type SeedClock = {
  now: Date;
  nowIso: string;
  today: IsoDate;
  /** The instant `days` days before now (negative: after), as ISO text. */
  ago: (days: number) => string;
};

export function seedClock(now: Date): SeedClock {
  return {
    now,
    nowIso: now.toISOString(),
    today: viennaDate(now),
    ago: (days) => new Date(now.getTime() - days * 86_400_000).toISOString(),
  };
}
