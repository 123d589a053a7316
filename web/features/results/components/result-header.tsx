import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { DatafileResult, RecordSummary } from '../api/use-datafile-result';
import './result-header.css';

/** The status badge's colour palette (Chakra's token variables in result-header.css). */
const STATUS_PALETTE: Record<string, string> = {
  READY: 'green',
  PROCESSING: 'blue',
  DRAFT: 'gray',
  ERROR: 'red',
  STOPPED: 'orange',
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <dl className="result-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </dl>
  );
}

/**
 * Title, status, counts, certificate level, cost, and who uploaded the shown revision when. Plain
 * elements on result-header.css (the card, the badge and the figures): two dozen Chakra components
 * computed their styles on the page's first render, before its rows.
 */
export function ResultHeader({ file, summary }: { file: DatafileResult; summary: RecordSummary }) {
  const t = useT();
  const locale = useLocale();
  const n = (v: number) => formatNumber(v, locale);
  return (
    <section className="result-header" data-testid="result-header">
      <div className="result-header-body">
        <p className="result-header-meta">
          <span
            className="result-header-badge"
            data-palette={STATUS_PALETTE[file.status] ?? 'gray'}
            data-testid="result-status"
          >
            {t(`results.status.${file.status}`)}
          </span>
          {file.uploadedBy
            ? t('results.uploadedBy', {
                name: file.uploadedBy.name,
                date: formatDateTime(file.uploadedBy.date, locale),
              })
            : t('results.createdBy', { name: file.owner.name, date: formatDateTime(file.createdDate, locale) })}
          {file.scoringVersion
            ? ` · ${t('results.revision', { revision: file.revision, version: file.scoringVersion })}`
            : ''}
        </p>
        <div className="result-header-figures">
          <Figure
            label={t('results.figures.records')}
            value={n(summary.totalNumberOfDataRecords)}
            testId="figure-records"
          />
          <Figure
            label={t('results.figures.valid')}
            value={n(summary.numberOfDataRecordsWithValidScore)}
            testId="figure-valid"
          />
          <Figure
            label={t('results.figures.cleaned')}
            value={file.isCleaned ? n(file.numberOfCleanedRecords) : '–'}
            testId="figure-cleaned"
          />
          <Figure
            label={t('results.figures.meanCombined')}
            value={file.meanCombinedScore === null ? '–' : formatNumber(file.meanCombinedScore, locale, 1)}
            testId="figure-mean"
          />
          <Figure
            label={t('results.figures.certificate')}
            value={
              file.certificateLevel
                ? t('results.certificateLevel', { level: file.certificateLevel })
                : t('results.noCertificate')
            }
            testId="figure-certificate"
          />
          <Figure
            label={t('results.figures.cost')}
            value={t('results.credits', { credits: n(file.cost) })}
            testId="figure-cost"
          />
        </div>
        {file.coherence?.failed ? (
          <p className="result-header-coherence" data-testid="coherence-failed">
            {t('results.coherence.failed', { count: n(file.coherence.failed) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
