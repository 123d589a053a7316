import type { CertificateVerification } from './certificates.service';

export function presentVerification(v: CertificateVerification) {
  const s = v.parsed;
  return {
    certificateCode: v.certificateCode,
    statement: v.statement,
    signature: v.signature,
    signatureValid: v.signatureValid,
    keyId: v.keyId,
    publicKey: v.publicKeyPem,
    signedWithCurrentKey: v.signedWithCurrentKey,
    issuedAt: s.issuedAt,
    datafileId: s.datafile.id,
    datafileTitle: s.datafile.title,
    companyName: s.datafile.company,
    revision: s.datafile.revision,
    scoringVersion: s.scoringVersion,
    certificateLevel: s.level,
    recordsBefore: s.records.before,
    recordsAfter: s.records.after,
    recordsRemoved: s.records.removed,
    keptRecordIdsDigest: s.keptRecordIds.digest,
    cleaningRules: JSON.stringify(s.cleaning),
  };
}
