import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Link,
  NativeSelect,
  Portal,
  Progress,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { type Refusal, refusalOf, refusalWithCode } from '../../../lib/graphql-client';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT, useTranslateRefusal } from '../../../lib/i18n';
import { EXPORT_FORMATS, type ExportFormat, useExportJob, useRequestExport } from '../api/use-export-job';
import { ALL_SOURCES, defaultDecimal, type ExportChoice, ExportOptions, requestOptions } from './export-options';

/**
 * Export of a datafile's published revision with its saved cleaning: pick a format (the workbook,
 * CSV, Arrow for scripts, the reject list, SPSS) and its options (ExportOptions), start it; the job's
 * progress shows as a bar, then a download link (a signed link, valid 15 minutes). Mounted by the
 * worksheet, the result page and the report settings through ExportButton.
 */
export function ExportDialog({
  datafileId,
  open,
  onClose,
}: {
  datafileId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const translateRefusal = useTranslateRefusal();
  const [format, setFormat] = useState<ExportFormat>('XLSX');
  const [choice, setChoice] = useState<ExportChoice>(() => ({
    language: locale,
    separator: locale === 'de' ? ';' : ',',
    decimal: defaultDecimal(locale, locale === 'de' ? ';' : ','),
    columnNames: 'READABLE',
    roundScores: true,
    sampleSource: ALL_SOURCES,
  }));
  // The decimal mark follows language and separator until the user picks one.
  const [decimalChosen, setDecimalChosen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const request = useRequestExport();
  const job = useExportJob(jobId);
  const state = job.data?.getExportJob;

  useEffect(() => {
    if (open) return;
    setJobId(null);
    setRefusal(null);
  }, [open]);

  const start = async () => {
    setRefusal(null);
    try {
      const answer = await request.trigger({
        input: { datafileId, format, ...requestOptions(format, choice) },
      });
      setJobId(answer.requestDatafileExport.jobId);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  const change = (patch: Partial<ExportChoice>) => {
    setJobId(null);
    if (patch.decimal !== undefined) setDecimalChosen(true);
    setChoice((c) => {
      const next = { ...c, ...patch };
      return patch.decimal === undefined && !decimalChosen
        ? { ...next, decimal: defaultDecimal(next.language, next.separator) }
        : next;
    });
  };

  const running = jobId !== null && (!state || state.state === 'QUEUED' || state.state === 'RUNNING');
  const failed =
    state && (state.state === 'FAILED' || state.state === 'CANCELLED')
      ? refusalWithCode(state.error?.code ?? 'GENERAL_ERROR')
      : null;
  const pollError = job.error ? refusalOf(job.error) : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="export-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('exports.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <ErrorAlert
                  message={
                    refusal
                      ? translateRefusal(refusal)
                      : failed
                        ? translateRefusal(failed)
                        : pollError
                          ? translateRefusal(pollError)
                          : null
                  }
                  onDismiss={refusal ? () => setRefusal(null) : undefined}
                />
                <Field.Root disabled={running}>
                  <Field.Label>{t('exports.format')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={format}
                      onChange={(e) => {
                        setFormat(e.currentTarget.value as ExportFormat);
                        setJobId(null);
                      }}
                      data-testid="export-format"
                    >
                      {EXPORT_FORMATS.map((f) => (
                        <option key={f} value={f}>
                          {t(`exports.formats.${f}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.HelperText>{t(`exports.formatHelp.${format}`)}</Field.HelperText>
                </Field.Root>
                <ExportOptions
                  datafileId={datafileId}
                  format={format}
                  choice={choice}
                  onChange={change}
                  disabled={running}
                />
                {jobId !== null && !failed && (
                  <Stack gap="2" data-testid="export-status">
                    <Progress.Root
                      value={state?.progress ?? 0}
                      size="sm"
                      colorPalette="brand"
                      data-testid="export-progress"
                    >
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                    <Text fontSize="sm" color="fg.muted">
                      {state?.state === 'SUCCEEDED'
                        ? t('exports.ready', {
                            included: formatNumber(state.includedRecords ?? 0, locale),
                            removed: formatNumber(state.removedRecords ?? 0, locale),
                          })
                        : state?.state === 'RUNNING'
                          ? t('exports.running', { percent: formatNumber(state.progress, locale) })
                          : t('exports.queued')}
                    </Text>
                    {state?.state === 'SUCCEEDED' && state.downloadUrl && (
                      <Link
                        href={state.downloadUrl}
                        download={state.fileName ?? true}
                        colorPalette="brand"
                        fontWeight="semibold"
                        data-testid="export-download"
                      >
                        {t('exports.download', { file: state.fileName ?? '' })}
                      </Link>
                    )}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button
                colorPalette="brand"
                onClick={() => void start()}
                loading={request.isMutating || running}
                disabled={running}
                data-testid="export-start"
              >
                {t('exports.start')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
