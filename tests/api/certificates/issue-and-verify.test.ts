// Certificates: issued from a processed revision and its saved cleaning (numbers from the facade,
// not from the caller), signed with the server's Ed25519 key, checked by the public GraphQL query,
// the key published at /.well-known; tampering, unknown and mistyped codes; the key kept across
// processes and taken from CERTIFICATE_SIGNING_KEY when set.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, datafiles } from '../../../db/schema';
import { canonicalJson } from '../../../api/modules/certificates/canonical-json';
import {
  formatCertificateCode,
  newCertificateCode,
  normaliseCertificateCode,
} from '../../../api/modules/certificates/certificate-code';
import { loadCertificateSigner } from '../../../api/modules/certificates/certificate-keys';
import { keptRecordIdsDigest } from '../../../api/modules/certificates/certificates.service';
import { issueCertificateForRevision } from '../../../api/modules/certificates/issue-for-revision';
import { cleanRevision, recordIdsOf } from '../../../api/modules/cleaning/revision-cleaning';
import { processUpload, readRevisionColumns } from '../../../api/ingest/index';
import { generateDemoSurvey, surveyCsvBytes } from '../../../api/demo/index';
import { DEFAULT_RULES, type CleaningRules } from '../../../scoring/index';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

const VERIFY = `query($c:String!){verifyCertificate(certificateCode:$c){
  certificateCode statement signature signatureValid keyId publicKey signedWithCurrentKey issuedAt datafileId datafileTitle companyName
  revision scoringVersion certificateLevel recordsBefore recordsAfter recordsRemoved keptRecordIdsDigest cleaningRules }}`;

const rules: CleaningRules = {
  ...DEFAULT_RULES,
  rules: { ...DEFAULT_RULES.rules, combined: { enabled: true, threshold: 62, minDataPoints: 0 } },
};

let t: TestApp;
let datafileId = '';
let userId = '';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  const companyId = await makeCompany(t.db, { name: 'Marktforschung Wien GmbH' });
  userId = (await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN' })).id;
  datafileId = crypto.randomUUID();
  await t.db.insert(datafiles).values({
    id: datafileId,
    companyId,
    ownerId: userId,
    title: 'Omnibus Welle 3',
    importType: 'MANUAL',
    status: 'READY',
    revision: 1,
  });
  const survey = generateDemoSurvey({ rows: 400, seed: 8, openQuestions: 0 });
  await t.deps.blobs.put('uploads/omnibus.csv', await surveyCsvBytes(survey));
  await processUpload({
    blobs: t.deps.blobs,
    scoring: t.deps.scoring,
    source: { key: 'uploads/omnibus.csv', format: 'csv' },
    options: {},
    mapping: survey.mapping,
    datafileId,
    revision: 1,
  });
});
afterAll(() => t.close());

describe('certificate codes', () => {
  it('are 13 symbols with a check symbol that catches every single typo and swapped neighbours (but 0 and Z)', () => {
    const codes = new Set(Array.from({ length: 200 }, newCertificateCode));
    expect(codes.size).toBe(200);
    const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    for (const code of [...codes].slice(0, 20)) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{13}$/);
      expect(normaliseCertificateCode(formatCertificateCode(code).toLowerCase())).toBe(code);
      for (let i = 0; i < 13; i++) {
        for (const c of ALPHABET) {
          if (c === code[i]) continue;
          expect(normaliseCertificateCode(code.slice(0, i) + c + code.slice(i + 1))).toBeNull();
        }
        // Luhn mod 32 misses one transposition: 0 and Z (values 0 and 31) next to each other.
        if (i < 12 && code[i] !== code[i + 1] && !/^(0Z|Z0)$/.test(code[i]! + code[i + 1]))
          expect(normaliseCertificateCode(code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2))).toBeNull();
      }
    }
    const code = [...codes][0]!;
    const spoken = formatCertificateCode(code).replace(/0/g, 'o').replace(/1/g, 'l');
    expect(normaliseCertificateCode(` ${spoken} `)).toBe(code);
  });

  it('canonical JSON sorts members and writes no whitespace', () => {
    expect(canonicalJson({ b: [3, { z: 1, a: 'ä"\n' }], a: null, c: 1.5e-7, d: true })).toBe(
      '{"a":null,"b":[3,{"a":"ä\\"\\n","z":1}],"c":1.5e-7,"d":true}',
    );
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/NaN/);
  });
});

describe('issuing and verifying', () => {
  it('signs the cleaning of a revision and anyone can verify the code without logging in', async () => {
    const issued = await issueCertificateForRevision(t.deps, {
      datafileId,
      revision: 1,
      cleaning: { rules, manual: { R0000003: 1 } },
      issuedBy: userId,
    });
    const scores = await readRevisionColumns(t.deps.blobs, datafileId, 1, 'scores');
    const manual = new Float64Array(scores.numRows);
    const ids = recordIdsOf(scores);
    manual[ids.indexOf('R0000003')] = 1;
    const expected = cleanRevision(t.deps.scoring, scores, rules, { manual });
    const keptIds = ids.filter((id, i) => expected.kept[i] === 1) as string[];

    const res = await t.gql(VERIFY, { c: issued.certificateCode.toLowerCase() });
    expect(res.body.errors).toBeUndefined();
    const v = res.body.data.verifyCertificate;
    expect(v).toMatchObject({
      certificateCode: issued.certificateCode,
      signatureValid: true,
      signedWithCurrentKey: true,
      datafileId,
      datafileTitle: 'Omnibus Welle 3',
      companyName: 'Marktforschung Wien GmbH',
      revision: 1,
      scoringVersion: t.deps.scoring.version,
      recordsBefore: 400,
      recordsAfter: expected.keptCount,
      recordsRemoved: 400 - expected.keptCount,
      issuedAt: '2026-11-21T09:00:00.000Z',
    });
    expect(expected.keptCount).toBeLessThan(400);
    expect(expected.kept[ids.indexOf('R0000003')]).toBe(0);
    // The digest anyone can recompute: the kept ids sorted, one per line.
    const sorted = [...keptIds].sort();
    expect(v.keptRecordIdsDigest).toBe(
      createHash('sha256')
        .update(sorted.map((id) => `${id}\n`).join(''))
        .digest('hex'),
    );
    expect(v.keptRecordIdsDigest).toBe(keptRecordIdsDigest(keptIds).digest);
    expect(JSON.parse(v.cleaningRules)).toEqual({ rules, manualDecisions: 1, quota: null });
    // The level is the facade's certificate of the kept interviews.
    const combined = Float64Array.from(scores.getChild('combined')!.toArray() as Float64Array, (x) => x ?? Number.NaN);
    const level = t.deps.scoring.certificate(combined, expected.kept, 1 | 2 | 8 | 16).level;
    expect(v.certificateLevel).toBe(level);
    // The statement is canonical JSON of itself, and names this server's key.
    expect(canonicalJson(JSON.parse(v.statement))).toBe(v.statement);
    const key = await t.app.request('/.well-known/certificate-key.pem');
    expect(key.status).toBe(200);
    const pem = await key.text();
    expect(pem).toBe(v.publicKey);
    expect((await t.gql('{getCertificatePublicKey}')).body.data.getCertificatePublicKey).toBe(pem);
    expect(key.headers.get('x-key-id')).toBe(v.keyId);
    const { createPublicKey, verify } = await import('node:crypto');
    expect(
      verify(null, Buffer.from(v.statement, 'utf8'), createPublicKey(pem), Buffer.from(v.signature, 'base64')),
    ).toBe(true);
  });

  it('reports a tampered statement as not verifying', async () => {
    const issued = await issueCertificateForRevision(t.deps, {
      datafileId,
      revision: 1,
      cleaning: { rules: DEFAULT_RULES },
    });
    const code = normaliseCertificateCode(issued.certificateCode)!;
    const row = (await t.db.select().from(certificates).where(eq(certificates.code, code)).get())!;
    const forged = row.statement.replace(/"after":\d+/, '"after":400');
    expect(forged).not.toBe(row.statement);
    await t.db.update(certificates).set({ statement: forged }).where(eq(certificates.code, code));
    const v = (await t.gql(VERIFY, { c: issued.certificateCode })).body.data.verifyCertificate;
    expect(v.signatureValid).toBe(false);
    expect(v.recordsAfter).toBe(400);
  });

  it('answers CERTIFICATE_NOT_FOUND for unknown and mistyped codes', async () => {
    const issued = await issueCertificateForRevision(t.deps, {
      datafileId,
      revision: 1,
      cleaning: { rules: DEFAULT_RULES },
    });
    const code = normaliseCertificateCode(issued.certificateCode)!;
    const typo = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    for (const c of [formatCertificateCode(newCertificateCode()), typo, 'nonsense', '']) {
      const res = await t.gql(VERIFY, { c });
      expect(codeOf(res)).toBe('CERTIFICATE_NOT_FOUND');
      expect(res.body.errors?.[0]?.message).toMatch(/certificate|Zertifikat/i);
    }
  });

  it('keeps one key across processes and uses CERTIFICATE_SIGNING_KEY when it is set', async () => {
    const first = await loadCertificateSigner(t.db, t.deps.appSecret, undefined, new Date());
    const again = await loadCertificateSigner(t.db, t.deps.appSecret, undefined, new Date());
    expect(again.publicKeyPem).toBe(first.publicKeyPem);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const configured = await createTestApp({ env: { CERTIFICATE_SIGNING_KEY: pem.replace(/\n/g, '\\n') } });
    try {
      const published = (await configured.gql('{getCertificatePublicKey}')).body.data.getCertificatePublicKey;
      expect(published).toBe(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    } finally {
      configured.close();
    }
  });
});
