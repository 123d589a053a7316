// The certificates module's front door: what other modules may use of it (layering/imports holds them to it).

export { formatCertificateCode } from './certificate-code';
export { datafileSubject, latestCertificateOf } from './certificates.repo';
export { issueCertificateForRevision } from './issue-for-revision';
