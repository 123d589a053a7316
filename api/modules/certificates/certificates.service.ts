// Certificates: the code names a statement about one cleaning of one datafile revision
// (which interviews were kept, by which rules, with which scoring version, the level and the counts),
// signed with the server's Ed25519 key. Anyone can check a code on /report-verification, or offline
// with the published public key (README.md, "Checking a certificate offline").
import { createHash } from 'node:crypto';
import type { CleaningRules } from '../../../scoring/index';
import { AppError } from '../../kernel/errors/errors';
import type { Deps } from '../../kernel/deps';
import { canonicalJson } from './canonical-json';
import { formatCertificateCode, newCertificateCode, normaliseCertificateCode } from './certificate-code';
import { keyIdOf, fromPem, loadCertificateSigner, verifyEd25519, type CertificateSigner } from './certificate-keys';
import * as repo from './certificates.repo';

export type CertificateDeps = Pick<Deps, 'db' | 'appSecret' | 'clock'> & {
  env: Pick<Deps['env'], 'publicUrl' | 'certificateSigningKey'>;
};

export const STATEMENT_TYPE = 'qualitycheck.cleaning-certificate';

/** The signed statement (canonical JSON of this shape is what the signature covers). */
export interface CertificateStatement {
  type: typeof STATEMENT_TYPE;
  version: 1;
  code: string;
  issuedAt: string;
  issuer: string;
  keyId: string;
  datafile: { id: string; revision: number; title: string | null; company: string | null };
  scoringVersion: string;
  /** Certificate level 1..3 (3 best); 0 = the cleaned data reached no level. */
  level: number;
  records: { before: number; after: number; removed: number };
  keptRecordIds: KeptRecordIdsDigest;
  cleaning: {
    rules: CleaningRules;
    manualDecisions: number;
    quota: { column: string; targets: Record<string, number> } | null;
  };
}

export interface KeptRecordIdsDigest {
  algorithm: 'SHA-256';
  /** How the hashed text is made, so anyone with the kept ids can recompute the digest. */
  input: 'UTF-8 record ids sorted by code point (LC_ALL=C sort), each followed by LF';
  count: number;
  digest: string;
}

export interface IssueCertificateInput {
  datafileId: string;
  revision: number;
  scoringVersion: string;
  rules: CleaningRules;
  manualDecisions?: number;
  quota?: { column: string; targets: Record<string, number> } | null;
  level: number;
  recordsBefore: number;
  keptRecordIds: readonly string[];
  issuedBy?: string | null;
}

export interface CertificateVerification {
  /** XXXX-XXXX-XXXX-C */
  certificateCode: string;
  /** Exactly the signed bytes (UTF-8). */
  statement: string;
  /** Ed25519 signature over `statement`, base64. */
  signature: string;
  signatureValid: boolean;
  keyId: string;
  publicKeyPem: string;
  /** Signed by the key the server publishes now (false after a key rotation: the stored key still verifies it). */
  signedWithCurrentKey: boolean;
  parsed: CertificateStatement;
}

// One signer per database (every process sharing it signs with the same key); loaded on first use.
const signers = new WeakMap<object, Promise<CertificateSigner>>();

export function certificateSigner(deps: CertificateDeps): Promise<CertificateSigner> {
  let signer = signers.get(deps.db);
  if (!signer) {
    signer = loadCertificateSigner(deps.db, deps.appSecret, deps.env.certificateSigningKey, deps.clock.now());
    signer.catch(() => signers.delete(deps.db));
    signers.set(deps.db, signer);
  }
  return signer;
}

/** Code-point order (what `LC_ALL=C sort` does on UTF-8), not JavaScript's UTF-16 code-unit order. */
function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x === y) continue;
    // Only surrogates (U+D800-DFFF, astral characters) sort differently: lift them above U+FFFF.
    const sx = x >= 0xd800 && x <= 0xdfff,
      sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

export function keptRecordIdsDigest(ids: readonly string[]): KeptRecordIdsDigest {
  const sorted = [...ids].sort(byCodePoint);
  const hash = createHash('sha256');
  for (const id of sorted) hash.update(`${id}\n`, 'utf8');
  return {
    algorithm: 'SHA-256',
    input: 'UTF-8 record ids sorted by code point (LC_ALL=C sort), each followed by LF',
    count: sorted.length,
    digest: hash.digest('hex'),
  };
}

/** Signs and stores a statement; returns its code (canonical) and the verification view. */
export async function issueCertificate(
  deps: CertificateDeps,
  input: IssueCertificateInput,
): Promise<CertificateVerification> {
  if (!Number.isInteger(input.level) || input.level < 0 || input.level > 3)
    throw new RangeError(`certificate level ${input.level} is not 0..3`);
  if (input.keptRecordIds.length === 0) throw new AppError('NUMBER_OF_CLEANED_RECORDS_ZERO');
  const signer = await certificateSigner(deps);
  const subject = await repo.datafileSubject(deps.db, input.datafileId);
  if (!subject) throw new AppError('NO_DATAFILE_FOUND');
  const code = newCertificateCode();
  const issuedAt = deps.clock.now().toISOString();
  const after = input.keptRecordIds.length;
  const statement: CertificateStatement = {
    type: STATEMENT_TYPE,
    version: 1,
    code: formatCertificateCode(code),
    issuedAt,
    issuer: deps.env.publicUrl,
    keyId: signer.keyId,
    datafile: { id: input.datafileId, revision: input.revision, title: subject.title, company: subject.companyName },
    scoringVersion: input.scoringVersion,
    level: input.level,
    records: { before: input.recordsBefore, after, removed: input.recordsBefore - after },
    keptRecordIds: keptRecordIdsDigest(input.keptRecordIds),
    cleaning: { rules: input.rules, manualDecisions: input.manualDecisions ?? 0, quota: input.quota ?? null },
  };
  const text = canonicalJson(statement);
  const signature = Buffer.from(await signer.sign(new TextEncoder().encode(text))).toString('base64');
  await repo.insertCertificate(deps.db, {
    code,
    datafileId: input.datafileId,
    revision: input.revision,
    statement: text,
    signature,
    keyId: signer.keyId,
    publicKeyPem: signer.publicKeyPem,
    level: input.level,
    issuedAt,
    issuedBy: input.issuedBy ?? null,
  });
  return {
    certificateCode: statement.code,
    statement: text,
    signature,
    signatureValid: true,
    keyId: signer.keyId,
    publicKeyPem: signer.publicKeyPem,
    signedWithCurrentKey: true,
    parsed: statement,
  };
}

/** Looks a code up and checks its signature; CERTIFICATE_NOT_FOUND for unknown or mistyped codes. */
export async function verifyCertificate(deps: CertificateDeps, typed: string): Promise<CertificateVerification> {
  const code = normaliseCertificateCode(typed);
  const row = code ? await repo.findCertificate(deps.db, code) : undefined;
  if (!row) throw new AppError('CERTIFICATE_NOT_FOUND');
  const signer = await certificateSigner(deps);
  const bytes = new TextEncoder().encode(row.statement);
  const signature = new Uint8Array(Buffer.from(row.signature, 'base64'));
  // The stored key must be the key the statement names, and the signature must verify under it.
  const keyMatches = keyIdOf(fromPem(row.publicKeyPem)) === row.keyId;
  const parsed = JSON.parse(row.statement) as CertificateStatement;
  const signatureValid =
    keyMatches &&
    parsed.keyId === row.keyId &&
    parsed.code === formatCertificateCode(row.code) &&
    (await verifyEd25519(row.publicKeyPem, bytes, signature));
  return {
    certificateCode: formatCertificateCode(row.code),
    statement: row.statement,
    signature: row.signature,
    signatureValid,
    keyId: row.keyId,
    publicKeyPem: row.publicKeyPem,
    signedWithCurrentKey: row.keyId === signer.keyId,
    parsed,
  };
}

export async function certificatePublicKey(deps: CertificateDeps): Promise<{ publicKeyPem: string; keyId: string }> {
  const signer = await certificateSigner(deps);
  return { publicKeyPem: signer.publicKeyPem, keyId: signer.keyId };
}
