import { Alert, Box, Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { Formik, type FormikHelpers } from 'formik';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { CenteredMessage, PageError, PageSpinner } from '../../../components/feedback/page-state';
import { TextField } from '../../../components/form/text-field';
import { PageHeader } from '../../../components/layout/page-header';
import { formatNumber } from '../../../lib/format';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import { useCreateDraftDatafile } from '../api/use-create-draft-datafile';
import { useGetDatafileUploadUrl } from '../api/use-get-datafile-upload-url';
import { useGetDraftedDatafile, type DraftedDatafile } from '../api/use-get-drafted-datafile';
import { useGetSheetNames, useReadSheetNames } from '../api/use-get-sheet-names';
import { putUploadFile } from '../api/put-upload-file';
import { FileDropZone, type FileState } from '../components/file-drop-zone';
import { UploadSteps } from '../components/upload-steps';
import { uploadErrorMessage } from '../state/messages';

type Values = {
  title: string;
  sheetName: string;
  headerRow: string;
  dataRecordStartRow: string;
  lastDataRow: string;
  missingValues: string;
};
type StoredFile = { key: string; name: string; size: number; format: 'XLSX' | 'CSV' | 'SAV' };

const EXTENSIONS = /\.(xlsx|xlsm|csv|txt|tsv|sav|zsav)$/i;
/** Until the server names the cap of the chosen format, the client assumes this (the signed PUT enforces the real one). */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

function schema(t: Translate, needsTitle: boolean, needsSheet: boolean) {
  const row = yup
    .number()
    .typeError(t('uploads.step1.rowRequired'))
    .integer(t('uploads.step1.rowRequired'))
    .min(1, t('uploads.step1.rowRequired'))
    .required(t('uploads.step1.rowRequired'));
  return yup.object({
    title: needsTitle
      ? yup.string().trim().required(t('uploads.step1.nameRequired')).max(100, t('uploads.step1.nameTooLong'))
      : yup.string(),
    sheetName: needsSheet ? yup.string().required(t('uploads.step1.sheetRequired')) : yup.string(),
    headerRow: row,
    dataRecordStartRow: row.test(
      'after-header',
      t('uploads.step1.firstAfterHeader'),
      (value, ctx) => Number(value) > Number(ctx.parent.headerRow),
    ),
    lastDataRow: yup
      .string()
      .test(
        'after-first',
        t('uploads.step1.lastAfterFirst'),
        (value, ctx) =>
          !value?.trim() || (Number.isInteger(Number(value)) && Number(value) >= Number(ctx.parent.dataRecordStartRow)),
      ),
  });
}

function initialValues(draft: DraftedDatafile | undefined, reupload: boolean): Values {
  const u = draft?.upload;
  if (!draft || reupload)
    return {
      title: draft?.name ?? '',
      sheetName: '',
      headerRow: '1',
      dataRecordStartRow: '2',
      lastDataRow: '',
      missingValues: (u?.missingValues ?? ['-999']).join(', '),
    };
  return {
    title: draft.name,
    sheetName: u?.sheetName ?? '',
    headerRow: String(u?.headerRow ?? 1),
    dataRecordStartRow: String(u?.dataRecordStartRow ?? 2),
    lastDataRow: u?.lastDataRow ? String(u.lastDataRow) : '',
    missingValues: (u?.missingValues ?? ['-999']).join(', '),
  };
}

/**
 * Upload step 1: the name, the file (signed PUT with a progress bar, drag and drop), the sheet of an
 * xlsx, header row, first data row and missing-value codes. `?datafileId=` resumes a draft,
 * `?reuploadOf=` starts a new version of a READY datafile.
 */
export function UploadStep1Page({ companyId }: { companyId: string | null }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const datafileId = params.get('datafileId');
  const reuploadOf = params.get('reuploadOf');
  const existingId = datafileId ?? reuploadOf;
  const draft = useGetDraftedDatafile(existingId);
  const drafted = draft.data?.getDraftedDatafile;
  // Resuming keeps the stored file unless the upload is a new version of a READY datafile.
  const resumed: StoredFile | null =
    drafted && datafileId && drafted.upload.status !== 'READY'
      ? {
          key: drafted.upload.datafileKey,
          name: drafted.upload.fileName,
          size: drafted.upload.fileSize,
          format: drafted.upload.format,
        }
      : null;
  const [chosen, setChosen] = useState<StoredFile | null>(null);
  const [uploading, setUploading] = useState<{ name: string; size: number; fraction: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [maxBytes, setMaxBytes] = useState(DEFAULT_MAX_BYTES);
  const uploadUrl = useGetDatafileUploadUrl();
  const readSheets = useReadSheetNames();
  const [sheets, setSheets] = useState<string[] | null>(null);
  const create = useCreateDraftDatafile();
  const file = chosen ?? resumed;
  const fileError404 = Boolean(
    drafted?.upload.error &&
    [
      'UPLOAD_FILE_TOO_LARGE',
      'UPLOAD_FILE_TYPE_MISMATCH',
      'UPLOAD_FILE_CORRUPT',
      'UPLOAD_FILE_LIMITS_EXCEEDED',
      'NO_RECORDS_FOUND',
    ].includes(drafted.upload.error.code),
  );
  const resumedSheets = useGetSheetNames(
    resumed?.key ?? null,
    companyId ?? drafted?.company.id ?? null,
    !chosen && resumed?.format === 'XLSX' && !fileError404,
  );
  const sheetList = chosen ? sheets : (resumedSheets.data?.getSheetNames ?? null);
  const isXlsx = file?.format === 'XLSX';
  const initial = useMemo(() => initialValues(drafted, Boolean(reuploadOf)), [drafted, reuploadOf]);

  if (!companyId && !drafted) {
    if (existingId && draft.isLoading) return <PageSpinner />;
    if (!existingId)
      return <CenteredMessage title={t('uploads.step1.title')} text={t('uploads.step1.operatorWithoutOrganization')} />;
  }
  if (existingId && draft.isLoading) return <PageSpinner />;
  if (existingId && draft.error) return <PageError onRetry={() => void draft.mutate()} />;
  const company = companyId ?? drafted!.company.id;

  const choose = async (chosenFile: File) => {
    setFileError(null);
    if (!EXTENSIONS.test(chosenFile.name)) return setFileError(t('uploads.step1.typeNotSupported'));
    setUploading({ name: chosenFile.name, size: chosenFile.size, fraction: 0 });
    try {
      const { getDatafileUploadURL: target } = await uploadUrl.trigger({
        fileName: chosenFile.name,
        companyId: company,
      });
      setMaxBytes(target.maxBytes);
      if (chosenFile.size > target.maxBytes) {
        setUploading(null);
        return setFileError(
          t('uploads.step1.tooLarge', {
            size: formatNumber(chosenFile.size / 1048576, locale, 1),
            max: formatNumber(Math.floor(target.maxBytes / 1048576), locale),
          }),
        );
      }
      await putUploadFile(target.signedUrl, chosenFile, (fraction) =>
        setUploading({ name: chosenFile.name, size: chosenFile.size, fraction }),
      );
      const stored: StoredFile = {
        key: target.datafileKey,
        name: chosenFile.name,
        size: chosenFile.size,
        format: target.format,
      };
      setSheets(null);
      // Asked for every format: the server looks at the content right after the upload (a picture
      // renamed .csv is refused here, not in step 2); an xlsx's sheets come with it.
      const names = (await readSheets.trigger({ datafileKey: stored.key, companyId: company })).getSheetNames;
      if (stored.format === 'XLSX') setSheets(names);
      setChosen(stored);
    } catch (error) {
      setChosen(null);
      setFileError(uploadErrorMessage(locale, error));
    } finally {
      setUploading(null);
    }
  };

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setFormError(null);
    if (!file) return setFileError(t('uploads.step1.fileRequired'));
    try {
      const id = await create.create({
        ...(datafileId ? { datafileId } : {}),
        ...(reuploadOf && !datafileId ? { reuploadOf } : {}),
        companyId: company,
        ...(reuploadOf && !datafileId ? {} : { title: values.title.trim() }),
        datafileKey: file.key,
        fileName: file.name,
        sheetName: isXlsx ? values.sheetName : null,
        headerRow: Number(values.headerRow),
        dataRecordStartRow: Number(values.dataRecordStartRow),
        lastDataRow: values.lastDataRow.trim() ? Number(values.lastDataRow) : null,
        missingValues: values.missingValues
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      });
      navigate(`/upload-dataset/step2?datafileId=${encodeURIComponent(id)}`);
    } catch (error) {
      setFormError(uploadErrorMessage(locale, error));
      helpers.setSubmitting(false);
    }
  };

  const zone: FileState = uploading
    ? { kind: 'uploading', ...uploading }
    : file
      ? { kind: 'stored', name: file.name, size: file.size }
      : { kind: 'none' };
  const lastError = drafted?.upload.status === 'ERROR' && !chosen ? drafted.upload.error : null;
  const isReupload = Boolean(reuploadOf) || drafted?.upload.kind === 'UPDATE';
  return (
    <Box maxW="3xl">
      <PageHeader
        title={t(isReupload ? 'uploads.step1.reuploadTitle' : 'uploads.step1.title')}
        subtitle={
          isReupload ? t('uploads.step1.reuploadSubtitle', { title: drafted?.name ?? '' }) : t('uploads.step1.subtitle')
        }
        crumbs={[{ label: t('nav.dashboard'), href: '/' }, { label: t('routes.uploadStep1') }]}
      />
      <UploadSteps current={1} />
      {lastError && (
        <Alert.Root status="error" mb="4" data-testid="upload-last-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('uploads.step1.lastError')}</Alert.Title>
            <Alert.Description>{lastError.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Formik
        initialValues={initial}
        enableReinitialize
        validationSchema={schema(t, !isReupload, isXlsx)}
        onSubmit={submit}
      >
        {(form) => (
          <form onSubmit={form.handleSubmit} noValidate>
            <Card.Root variant="outline" bg="bg">
              <Card.Body>
                <Stack gap="5">
                  {!isReupload && (
                    <Field.Root required invalid={Boolean(form.touched.title && form.errors.title)}>
                      <Field.Label>
                        {t('uploads.step1.name')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        name="title"
                        value={form.values.title}
                        onChange={form.handleChange}
                        onBlur={form.handleBlur}
                        maxLength={120}
                        placeholder={t('uploads.step1.namePlaceholder')}
                        data-testid="upload-title"
                      />
                      <Field.ErrorText>{form.errors.title}</Field.ErrorText>
                    </Field.Root>
                  )}
                  <Field.Root required invalid={Boolean(fileError)}>
                    <Field.Label>
                      {t('uploads.step1.file')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Box w="full">
                      <FileDropZone
                        state={zone}
                        maxBytes={maxBytes}
                        disabled={Boolean(uploading) || form.isSubmitting}
                        onFile={(f) => void choose(f)}
                      />
                    </Box>
                    {fileError && <Field.ErrorText data-testid="upload-file-error">{fileError}</Field.ErrorText>}
                  </Field.Root>
                  {isXlsx && (
                    <Field.Root required invalid={Boolean(form.touched.sheetName && form.errors.sheetName)}>
                      <Field.Label>
                        {t('uploads.step1.sheet')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <NativeSelect.Root disabled={!sheetList}>
                        <NativeSelect.Field
                          name="sheetName"
                          value={form.values.sheetName}
                          onChange={form.handleChange}
                          onBlur={form.handleBlur}
                          data-testid="upload-sheet"
                        >
                          <option value="">
                            {sheetList ? t('uploads.step1.sheetPlaceholder') : t('uploads.step1.readingSheets')}
                          </option>
                          {(sheetList ?? []).map((s) => (
                            <option key={s} value={s}>
                              {s}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Field.ErrorText>{form.errors.sheetName}</Field.ErrorText>
                    </Field.Root>
                  )}
                  <SimpleGrid columns={2} gap="4">
                    <TextField
                      name="headerRow"
                      type="number"
                      min={1}
                      required
                      label={t('uploads.step1.headerRow')}
                      helperText={t('uploads.step1.headerRowHelp')}
                      testId="upload-header-row"
                    />
                    <TextField
                      name="dataRecordStartRow"
                      type="number"
                      min={2}
                      required
                      label={t('uploads.step1.firstDataRow')}
                      helperText={t('uploads.step1.firstDataRowHelp')}
                      testId="upload-first-row"
                    />
                    <TextField
                      name="lastDataRow"
                      type="number"
                      min={2}
                      label={t('uploads.step1.lastDataRow')}
                      helperText={t('uploads.step1.lastDataRowHelp')}
                      testId="upload-last-row"
                    />
                  </SimpleGrid>
                  <Field.Root>
                    <Field.Label>{t('uploads.step1.missingValues')}</Field.Label>
                    <Input
                      name="missingValues"
                      value={form.values.missingValues}
                      onChange={form.handleChange}
                      data-testid="upload-missing-values"
                    />
                    <Field.HelperText>{t('uploads.step1.missingValuesHelp')}</Field.HelperText>
                  </Field.Root>
                  <ErrorAlert message={formError} onDismiss={() => setFormError(null)} />
                </Stack>
              </Card.Body>
              <Card.Footer justifyContent="flex-end">
                <HStack>
                  <Button
                    type="submit"
                    colorPalette="brand"
                    loading={form.isSubmitting}
                    loadingText={t('uploads.step1.saving')}
                    disabled={Boolean(uploading)}
                    data-testid="upload-step1-next"
                  >
                    {t('uploads.step1.next')}
                  </Button>
                </HStack>
              </Card.Footer>
            </Card.Root>
          </form>
        )}
      </Formik>
    </Box>
  );
}
