// The quality report: settings saved by whoever sees the datafile (the password hashed with Argon2id,
// required with protection on), the public page that shows strangers nothing until the report is
// published and the password given, wrong passwords throttled, and figures equal to the facade's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datafileReports } from '../../../db/schema';
import { cleanRevision } from '../../../api/modules/cleaning/revision-cleaning';
import { readRevisionColumns } from '../../../api/ingest/index';
import { ATTEMPT_RULES } from '../../../api/modules/attempts';
import { exclusionsOf } from '../../../api/modules/reports/report-figures';
import { REASONS } from '../../../scoring/index';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { RULES, reportWorld, saveCleaning } from '../../support/report-world';

const REPORT = `query($id:ID!,$p:String){getDatafileReport(datafileId:$id,password:$p){access canEdit
  settings{datafileId clientName clientLogo showScoreDetails shortFormat passwordProtected hasPassword isPublished link}
  report{datafileTitle companyName clientName clientLogo showScoreDetails shortFormat certificateCode certificateLevel certifiedAt revision scoringVersion cleanedAt
    recordsBefore recordsAfter recordsRemoved targetAverage averages{key before after} sampleScores{key before after} exclusions{quotaCleaning scoreThreshold targetSample manual}
    removedByReason{reason group count}
    distribution{edges before after unscoredBefore unscoredAfter}}}}`;
const SAVE = `mutation($id:ID!,$s:DatafileReportSettingsInput!){updateDatafileReportSettings(datafileId:$id,settings:$s){clientName clientLogo showScoreDetails shortFormat passwordProtected hasPassword isPublished link}}`;
const LOGO = `query($id:ID!,$k:String!){getReportLogoUploadURL(datafileId:$id,imageKey:$k){signedUrl imagePath}}`;

const settings = (over: Record<string, unknown> = {}) => ({
  clientName: 'Kunde AG',
  showScoreDetails: true,
  shortFormat: false,
  passwordProtected: false,
  isPublished: false,
  ...over,
});

let t: TestApp;
let w: Awaited<ReturnType<typeof reportWorld>>;
let cleaned: Awaited<ReturnType<typeof saveCleaning>>;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await reportWorld(t, { title: 'Geheime Studie 42' });
});
afterAll(() => t.close());

describe('report settings', () => {
  it('an uncleaned datafile says so to its editors; strangers learn nothing', async () => {
    const editor = (await t.gql(REPORT, { id: w.datafileId }, { token: w.tokens.admin })).body.data.getDatafileReport;
    expect(editor).toMatchObject({ access: 'NOT_CLEANED', canEdit: true, report: null });
    const stranger = await t.gql(REPORT, { id: w.datafileId });
    expect(stranger.body.data.getDatafileReport).toEqual({
      access: 'NOT_PUBLISHED',
      canEdit: false,
      settings: null,
      report: null,
    });
    // Another organisation's admin is a stranger too, and a made-up id answers the same.
    expect(
      (await t.gql(REPORT, { id: w.datafileId }, { token: w.tokens.adminB })).body.data.getDatafileReport.access,
    ).toBe('NOT_PUBLISHED');
    expect((await t.gql(REPORT, { id: crypto.randomUUID() })).body.data.getDatafileReport).toEqual(
      stranger.body.data.getDatafileReport,
    );
  });

  it('requires a password of 8+ characters with protection on, and stores only its Argon2id hash', async () => {
    expect(
      codeOf(
        await t.gql(SAVE, { id: w.datafileId, s: settings({ passwordProtected: true }) }, { token: w.tokens.admin }),
      ),
    ).toBe('INCOMPLETE_INPUT:REPORT_PASSWORD_REQUIRED');
    expect(
      codeOf(
        await t.gql(
          SAVE,
          { id: w.datafileId, s: settings({ passwordProtected: true, password: 'kurz' }) },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('PASSWORD_TOO_SHORT');
    const saved = await t.gql(
      SAVE,
      { id: w.datafileId, s: settings({ passwordProtected: true, password: 'Bericht-2026', isPublished: true }) },
      { token: w.tokens.admin },
    );
    expect(saved.body.data.updateDatafileReportSettings).toMatchObject({
      passwordProtected: true,
      hasPassword: true,
      isPublished: true,
      link: `http://app.test/datafile-report?datafileId=${w.datafileId}`,
    });
    const row = await t.db.select().from(datafileReports).where(eq(datafileReports.datafileId, w.datafileId)).get();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('Bericht-2026');
    // A later save without a password keeps the stored one.
    const again = await t.gql(
      SAVE,
      { id: w.datafileId, s: settings({ passwordProtected: true, isPublished: true, clientName: 'Kunde AG Wien' }) },
      { token: w.tokens.admin },
    );
    expect(again.body.data.updateDatafileReportSettings).toMatchObject({
      hasPassword: true,
      clientName: 'Kunde AG Wien',
    });
  });

  it('accepts only a logo uploaded for this datafile', async () => {
    const url = (await t.gql(LOGO, { id: w.datafileId, k: 'logo.png' }, { token: w.tokens.admin })).body.data
      .getReportLogoUploadURL;
    expect(url.imagePath).toMatch(new RegExp(`^/files/avatars/reports/${w.datafileId}/[A-Za-z0-9_-]{8}-logo\\.png$`));
    // The browser PUTs the bytes to the signed URL; the logo is then public like an avatar.
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const put = await t.app.request(url.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': String(png.length) },
      body: png,
    });
    expect(put.status).toBe(200);
    expect((await t.app.request(url.imagePath)).status).toBe(200);
    const other = `/files/avatars/users/${w.admin.id}/abcdefgh-me.png`;
    expect(
      codeOf(
        await t.gql(
          SAVE,
          { id: w.datafileId, s: settings({ clientLogo: other, passwordProtected: true, isPublished: true }) },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('INVALID_PARAMETERS:NOT_AN_UPLOADED_LOGO');
    const ok = await t.gql(
      SAVE,
      { id: w.datafileId, s: settings({ clientLogo: url.imagePath, passwordProtected: true, isPublished: true }) },
      { token: w.tokens.admin },
    );
    expect(ok.body.data.updateDatafileReportSettings.clientLogo).toBe(url.imagePath);
    // ... and a report's logo is no user avatar.
    const asAvatar = await t.gql(
      'mutation($i:UpdateUserInput!){updateUser(userToUpdate:$i){status}}',
      { i: { userId: w.employee.id, name: { first: 'E', last: 'M' }, accessLevel: 'EMPLOYEE', image: url.imagePath } },
      { token: w.tokens.admin },
    );
    expect(codeOf(asAvatar)).toBe('INVALID_PARAMETERS:NOT_AN_UPLOADED_AVATAR');
    expect(codeOf(await t.gql(LOGO, { id: w.datafileId, k: 'logo.png' }, { token: w.tokens.adminB }))).toBe(
      'NO_DATAFILE_FOUND',
    );
    expect(codeOf(await t.gql(SAVE, { id: w.datafileId, s: settings() }, { token: w.tokens.adminB }))).toBe(
      'NO_DATAFILE_FOUND',
    );
    expect(codeOf(await t.gql(SAVE, { id: w.datafileId, s: settings() }))).toBe('UNAUTHENTICATED');
  });
});

describe('the public report', () => {
  beforeAll(async () => {
    cleaned = await saveCleaning(t, w.datafileId, w.admin.id);
  });

  it('leaks nothing without the password: no title, figures, client or settings in the answer', async () => {
    const res = await t.gql(REPORT, { id: w.datafileId });
    expect(res.body.data.getDatafileReport).toEqual({
      access: 'PASSWORD_REQUIRED',
      canEdit: false,
      settings: null,
      report: null,
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['Geheime Studie', 'Kunde AG', 'Marktforschung', String(cleaned.kept)])
      expect(text).not.toContain(secret);
  });

  it('a wrong password: "the report password is incorrect", in both languages', async () => {
    const de = await t.gql(REPORT, { id: w.datafileId, p: 'falsch-falsch' });
    expect(codeOf(de)).toBe('REPORT_PASSWORD_INCORRECT');
    expect(de.body.data).toBeNull();
    expect(de.body.errors![0]!.message).toMatch(/Passwort/);
    const en = await t.gql(REPORT, { id: w.datafileId, p: 'wrong-wrong' }, { headers: { 'x-locale': 'en' } });
    expect(en.body.errors![0]!.message).toBe('The report password is incorrect.');
  });

  it("the right password shows the report with the facade's figures and the certificate", async () => {
    const res = await t.gql(REPORT, { id: w.datafileId, p: 'Bericht-2026' });
    expect(res.body.errors).toBeUndefined();
    const { access, canEdit, settings: s, report } = res.body.data.getDatafileReport;
    expect({ access, canEdit, s }).toEqual({ access: 'REPORT', canEdit: false, s: null });
    expect(report).toMatchObject({
      datafileTitle: 'Geheime Studie 42',
      companyName: 'Marktforschung Wien GmbH',
      clientName: 'Kunde AG',
      certificateCode: cleaned.certificate.certificateCode,
      certificateLevel: cleaned.certificate.parsed.level,
      revision: 1,
      recordsBefore: cleaned.rows,
      recordsAfter: cleaned.kept,
      recordsRemoved: cleaned.rows - cleaned.kept,
      targetAverage: 70,
    });
    const scores = await readRevisionColumns(t.deps.blobs, w.datafileId, 1, 'scores');
    const result = cleanRevision(t.deps.scoring, scores, RULES);
    const combined = Float64Array.from(scores.getChild('combined')!.toArray() as ArrayLike<number | null>, (v) =>
      v == null ? Number.NaN : v,
    );
    let sum = 0,
      n = 0;
    combined.forEach((v, i) => {
      if (v === v && result.kept[i] === 1) {
        sum += v;
        n++;
      }
    });
    const avg = report.averages.find((a: { key: string }) => a.key === 'combined');
    expect(avg.after).toBeCloseTo(sum / n, 1);
    expect(avg.after).toBeGreaterThan(avg.before);
    expect(report.averages.length).toBeGreaterThan(1);
    // IS describes the sample and has no target: it is reported apart from the quality scores.
    const keys = (list: { key: string }[]) => list.map((x) => x.key);
    expect(keys(report.averages)).not.toContain('is');
    expect(keys(report.averages)).not.toContain('sds');
    expect(keys(report.sampleScores)).toEqual(['is']);
    expect(report.sampleScores[0].after).toBeGreaterThan(0);
    const ex = report.exclusions;
    expect(ex.quotaCleaning + ex.scoreThreshold + ex.targetSample + ex.manual).toBe(cleaned.rows - cleaned.kept);
    expect(
      report.distribution.before.reduce((a: number, b: number) => a + b, 0) + report.distribution.unscoredBefore,
    ).toBe(cleaned.rows);
    expect(
      report.distribution.after.reduce((a: number, b: number) => a + b, 0) + report.distribution.unscoredAfter,
    ).toBe(cleaned.kept);
  });

  it('honours the flags: without score details only the combined average, short format without the distribution', async () => {
    await t.gql(
      SAVE,
      {
        id: w.datafileId,
        s: settings({ passwordProtected: true, isPublished: true, showScoreDetails: false, shortFormat: true }),
      },
      { token: w.tokens.admin },
    );
    const report = (await t.gql(REPORT, { id: w.datafileId, p: 'Bericht-2026' })).body.data.getDatafileReport.report;
    expect(report.averages.map((a: { key: string }) => a.key)).toEqual(['combined']);
    expect(report.distribution).toBeNull();
    expect(report.sampleScores).toEqual([]);
    expect(report.removedByReason).toEqual([]);
    // Editors see the report without a password, with the settings, even unpublished.
    await t.gql(
      SAVE,
      { id: w.datafileId, s: settings({ passwordProtected: true, isPublished: false }) },
      { token: w.tokens.admin },
    );
    const editor = (await t.gql(REPORT, { id: w.datafileId }, { token: w.tokens.admin })).body.data.getDatafileReport;
    expect(editor).toMatchObject({
      access: 'REPORT',
      canEdit: true,
      settings: { isPublished: false, hasPassword: true },
    });
    expect((await t.gql(REPORT, { id: w.datafileId, p: 'Bericht-2026' })).body.data.getDatafileReport.access).toBe(
      'NOT_PUBLISHED',
    );
    // Protection off: strangers read it without a password once published, and the old password is forgotten.
    await t.gql(SAVE, { id: w.datafileId, s: settings({ isPublished: true }) }, { token: w.tokens.admin });
    expect((await t.gql(REPORT, { id: w.datafileId })).body.data.getDatafileReport.access).toBe('REPORT');
    expect(
      codeOf(
        await t.gql(
          SAVE,
          { id: w.datafileId, s: settings({ passwordProtected: true, isPublished: true }) },
          { token: w.tokens.admin },
        ),
      ),
    ).toBe('INCOMPLETE_INPUT:REPORT_PASSWORD_REQUIRED');
  });

  it('throttles wrong passwords: after the limit even the right one waits (TOO_MANY_ATTEMPTS, HTTP 429)', async () => {
    await t.gql(
      SAVE,
      { id: w.datafileId, s: settings({ passwordProtected: true, password: 'Bericht-2027', isPublished: true }) },
      { token: w.tokens.admin },
    );
    // The earlier tests' wrong guesses fall out of the window first.
    const rule = ATTEMPT_RULES.reportAddress;
    t.clock.set(new Date(t.clock.now().getTime() + rule.windowMs + 1000));
    for (let i = 0; i < rule.limit; i++)
      expect(codeOf(await t.gql(REPORT, { id: w.datafileId, p: `guess-${i}-xx` }))).toBe('REPORT_PASSWORD_INCORRECT');
    const locked = await t.gql(REPORT, { id: w.datafileId, p: 'Bericht-2027' });
    expect(codeOf(locked)).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.status).toBe(429);
    t.clock.set(new Date(t.clock.now().getTime() + rule.lockMs + 1000));
    expect((await t.gql(REPORT, { id: w.datafileId, p: 'Bericht-2027' })).body.data.getDatafileReport.access).toBe(
      'REPORT',
    );
  });
});

describe('report reasons', () => {
  it('counts each removed interview once, under the report reason of its primary cleaning reason', () => {
    const code = (r: (typeof REASONS)[number]) => REASONS.indexOf(r);
    const result = {
      kept: Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0]),
      primary: Int8Array.from([
        -1,
        code('combined'),
        code('TS'),
        code('manual'),
        code('quota'),
        code('target'),
        code('target'),
        code('DUP'),
      ]),
    };
    expect(exclusionsOf(result)).toEqual({
      exclusions: { targetSample: 2, scoreThreshold: 2, manual: 1, quotaCleaning: 1, duplicate: 1 },
      removedByReason: [
        { reason: 'manual', group: 'manual', count: 1 },
        { reason: 'combined', group: 'scoreThreshold', count: 1 },
        { reason: 'quota', group: 'quotaCleaning', count: 1 },
        { reason: 'TS', group: 'scoreThreshold', count: 1 },
        { reason: 'target', group: 'targetSample', count: 2 },
        { reason: 'DUP', group: 'duplicate', count: 1 },
      ],
    });
  });
});
