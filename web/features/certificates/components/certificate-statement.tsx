import { Badge, Box, Button, Code, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT, type Translate } from '../../../lib/i18n';

export interface VerifiedCertificate {
  certificateCode: string;
  statement: string;
  signature: string;
  signatureValid: boolean;
  keyId: string;
  publicKey: string;
  signedWithCurrentKey: boolean;
  issuedAt: string;
  datafileTitle?: string | null;
  companyName?: string | null;
  revision: number;
  scoringVersion: string;
  certificateLevel: number;
  recordsBefore: number;
  recordsAfter: number;
  recordsRemoved: number;
  keptRecordIdsDigest: string;
  cleaningRules: string;
}

type Rule = { enabled: boolean; threshold: number; minDataPoints: number };
type Cleaning = {
  rules: {
    rules: Record<string, Rule>;
    badAnswers?: { enabled: boolean; min: number };
    target?: { n: number; trim: boolean };
    minFailing?: number;
  };
  manualDecisions?: number;
  quota?: { column: string } | null;
};

/** Rule keys of the statement and the reason names the worksheet uses for them. */
const RULE_REASON: Record<string, string> = {
  combined: 'combined',
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

/** The enabled rules of a statement, in words. */
export function describeRules(json: string, t: Translate, fmt: (v: number) => string): string[] {
  let cleaning: Cleaning;
  try {
    cleaning = JSON.parse(json) as Cleaning;
  } catch {
    return [];
  }
  const lines: string[] = [];
  for (const [key, reason] of Object.entries(RULE_REASON)) {
    const rule = cleaning.rules?.rules?.[key];
    if (!rule?.enabled) continue;
    const score = t(`worksheet.reasons.${reason}`);
    const message =
      rule.minDataPoints === 1 ? 'ruleMinDataPoint' : rule.minDataPoints > 1 ? 'ruleMinDataPoints' : 'rule';
    lines.push(t(`certificates.${message}`, { score, threshold: fmt(rule.threshold), n: fmt(rule.minDataPoints) }));
  }
  const { badAnswers, target, minFailing } = cleaning.rules ?? {};
  if (badAnswers?.enabled) lines.push(t('certificates.ruleBadAnswers', { count: badAnswers.min }));
  if (minFailing && minFailing > 1) lines.push(t('certificates.ruleMinFailing', { n: fmt(minFailing) }));
  if (target && target.n > 0)
    lines.push(t(target.trim ? 'certificates.ruleTarget' : 'certificates.ruleTargetOnly', { n: fmt(target.n) }));
  if (cleaning.manualDecisions) lines.push(t('certificates.ruleManual', { count: cleaning.manualDecisions }));
  if (cleaning.quota) lines.push(t('certificates.ruleQuota', { column: cleaning.quota.column }));
  return lines;
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Object URLs of the three files a stranger needs to verify offline, released with the view. */
/**
 * Object URLs of the three files, made and revoked by the same effect: made in a memo and revoked in
 * a cleanup, StrictMode's trial cleanup (dev) revoked them before anyone clicked.
 */
function useDownloads(c: VerifiedCertificate) {
  const [urls, setUrls] = useState<{ statement: string; signature: string; key: string } | null>(null);
  useEffect(() => {
    const made = {
      statement: URL.createObjectURL(new Blob([c.statement], { type: 'application/json' })),
      signature: URL.createObjectURL(new Blob([base64ToBytes(c.signature)], { type: 'application/octet-stream' })),
      key: URL.createObjectURL(new Blob([c.publicKey], { type: 'application/x-pem-file' })),
    };
    setUrls(made);
    return () => Object.values(made).forEach((u) => URL.revokeObjectURL(u));
  }, [c.statement, c.signature, c.publicKey]);
  return urls;
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box fontWeight="medium" data-testid={testId} wordBreak="break-word">
        {children}
      </Box>
    </>
  );
}

/** The verdict and the statement of one verified certificate, with the files to check it offline. */
export function CertificateStatement({ certificate: c }: { certificate: VerifiedCertificate }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  const downloads = useDownloads(c);
  const rules = describeRules(c.cleaningRules, t, n);
  return (
    <Box data-testid="certificate-result">
      <Flex
        align="center"
        gap="3"
        p="4"
        mb="6"
        rounded="lg"
        borderWidth="1px"
        bg={c.signatureValid ? 'green.50' : 'red.50'}
        borderColor={c.signatureValid ? 'green.200' : 'red.200'}
        data-testid="certificate-verdict"
        data-valid={c.signatureValid}
      >
        <Badge colorPalette={c.signatureValid ? 'green' : 'red'} size="lg">
          {c.signatureValid ? '✓' : '✗'}
        </Badge>
        <Box>
          <Text fontWeight="semibold" color={c.signatureValid ? 'green.800' : 'red.800'}>
            {t(c.signatureValid ? 'certificates.valid' : 'certificates.invalid')}
          </Text>
          {!c.signedWithCurrentKey && (
            <Text fontSize="sm" color="fg.muted">
              {t('certificates.olderKey', { keyId: c.keyId })}
            </Text>
          )}
        </Box>
      </Flex>
      <Box bg="bg" p={{ base: '4', md: '6' }} rounded="lg" borderWidth="1px" borderColor="border.muted">
        <Heading as="h2" size="lg" mb="4" color={c.signatureValid ? undefined : 'red.800'}>
          {t(c.signatureValid ? 'certificates.statementTitle' : 'certificates.statementTitleInvalid')}
        </Heading>
        {/* Label beside value from 768 px; on a phone each label above its value. */}
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(12rem, 18rem) minmax(0, 1fr)' }}
          columnGap="6"
          rowGap={{ base: '1', md: '3' }}
          alignItems="baseline"
        >
          <Field label={t('certificates.fields.certificateCode')} testId="certificate-code">
            <Code>{c.certificateCode}</Code>
          </Field>
          <Field label={t('certificates.fields.level')} testId="certificate-level">
            {c.certificateLevel > 0
              ? t('certificates.level', { level: c.certificateLevel })
              : t('certificates.levelNone')}
          </Field>
          {c.datafileTitle && <Field label={t('certificates.fields.datafile')}>{c.datafileTitle}</Field>}
          {c.companyName && <Field label={t('certificates.fields.company')}>{c.companyName}</Field>}
          <Field label={t('certificates.fields.recordsBefore')}>{n(c.recordsBefore)}</Field>
          <Field label={t('certificates.fields.recordsAfter')} testId="records-after">
            {n(c.recordsAfter)}
          </Field>
          <Field label={t('certificates.fields.recordsRemoved')}>{n(c.recordsRemoved)}</Field>
          <Field label={t('certificates.fields.rules')}>
            {rules.length > 0 ? (
              <Box as="ul" pl="5" css={{ listStyleType: 'disc' }}>
                {rules.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </Box>
            ) : (
              '–'
            )}
          </Field>
          <Field label={t('certificates.fields.issuedAt')}>{formatDateTime(c.issuedAt, locale)}</Field>
          <Field label={t('certificates.fields.revision')}>{c.revision}</Field>
          <Field label={t('certificates.fields.scoringVersion')}>{c.scoringVersion}</Field>
          <Field label={t('certificates.fields.digest')}>
            <Code fontSize="xs" wordBreak="break-all">
              {c.keptRecordIdsDigest}
            </Code>
          </Field>
          <Field label={t('certificates.fields.keyId')}>
            <Code fontSize="xs">{c.keyId}</Code>
          </Field>
        </Grid>
      </Box>
      <Box mt="6" bg="bg" p={{ base: '4', md: '6' }} rounded="lg" borderWidth="1px" borderColor="border.muted">
        <Heading as="h2" size="md" mb="2">
          {t('certificates.offlineTitle')}
        </Heading>
        <Text color="fg.muted" mb="3">
          {t('certificates.offlineText')}
        </Text>
        {downloads && (
          <Flex gap="3" wrap="wrap" mb="3">
            <Button asChild size="sm" variant="outline">
              <a href={downloads.statement} download="statement.json">
                {t('certificates.downloadStatement')}
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={downloads.signature} download="signature.bin">
                {t('certificates.downloadSignature')}
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={downloads.key} download="certificate-key.pem">
                {t('certificates.downloadKey')}
              </a>
            </Button>
          </Flex>
        )}
        <Code display="block" p="3" fontSize="xs" whiteSpace="pre-wrap">
          openssl pkeyutl -verify -pubin -inkey certificate-key.pem -rawin -in statement.json -sigfile signature.bin
        </Code>
      </Box>
    </Box>
  );
}
