import { Checkbox, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useLocation } from 'wouter';
import * as yup from 'yup';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { FormDialog } from '../../../components/form/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../lib/i18n';
import {
  DATAFILE_QUERIES,
  type DatafileRow,
  useChangeDatafileOwnership,
  useDeleteDatafile,
  useEditDatafileTitle,
  useGetAllDatafileContributors,
  useGetAvailableUsersAsContributor,
  useReOpenLiveDatafile,
  useResetDatafileCleaning,
  useStopLiveDatafile,
} from '../api/datafiles-documents';
import type { DatafileAction } from './row-actions';

/** A datafile name is required, at most 100 characters (the server checks the same). */
export const TITLE_MAX = 100;

/** Where the upload steps continue: a draft at step 2 (which moves on to step 3 once its columns are checked), a failed first upload at step 1. */
export function uploadTarget(action: 'reupload' | 'continueDraft' | 'fixUpload', row: DatafileRow): string {
  const id = encodeURIComponent(row.id);
  if (action === 'reupload') return `/upload-dataset/step1?reuploadOf=${id}`;
  return action === 'continueDraft'
    ? `/upload-dataset/step2?datafileId=${id}`
    : `/upload-dataset/step1?datafileId=${id}`;
}

type Props = { row: DatafileRow; onClose: () => void };

function NavigateDialog({ row, action, onClose }: Props & { action: 'reupload' | 'continueDraft' | 'fixUpload' }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      open
      title={t(`datafiles.${action}.title`)}
      confirmLabel={t(`datafiles.${action}.confirm`)}
      successMessage={t(`datafiles.${action}.success`)}
      testId={`dialog-${action}`}
      onClose={onClose}
      onConfirm={async () => navigate(uploadTarget(action, row))}
    >
      <Text>{t(`datafiles.${action}.body`, { title: row.title })}</Text>
    </ConfirmDialog>
  );
}

function SimpleActionDialog({ row, action, onClose }: Props & { action: 'stop' | 'reopen' | 'reset' | 'delete' }) {
  const t = useT();
  const stop = useStopLiveDatafile();
  const reopen = useReOpenLiveDatafile();
  const reset = useResetDatafileCleaning();
  const remove = useDeleteDatafile();
  const vars = { datafileId: row.id };
  const run = {
    stop: () => stop.trigger(vars),
    reopen: () => reopen.trigger(vars),
    reset: () => reset.trigger(vars),
    delete: () => remove.trigger(vars),
  }[action];
  return (
    <ConfirmDialog
      open
      title={t(`datafiles.${action}.title`)}
      confirmLabel={t(`datafiles.${action}.confirm`)}
      successMessage={t(`datafiles.${action}.success`)}
      danger={action === 'delete' || action === 'reset'}
      testId={`dialog-${action}`}
      revalidates={DATAFILE_QUERIES}
      onClose={onClose}
      onConfirm={run}
    >
      <Text>{t(`datafiles.${action}.body`, { title: row.title })}</Text>
    </ConfirmDialog>
  );
}

function RenameDialog({ row, onClose }: Props) {
  const t = useT();
  const edit = useEditDatafileTitle();
  const schema = yup.object({
    title: yup
      .string()
      .trim()
      .required(t('datafiles.rename.required'))
      .max(TITLE_MAX, t('datafiles.rename.max', { max: TITLE_MAX })),
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('datafiles.rename.title')}
      testId="dialog-rename"
      size="sm"
      initialValues={{ title: row.title }}
      validationSchema={schema}
      validationError={t('datafiles.rename.validation')}
      submitLabel={t('datafiles.rename.submit')}
      submitTestId="dialog-rename-submit"
      successMessage={t('datafiles.rename.success')}
      revalidates={DATAFILE_QUERIES}
      onSubmit={(v) => edit.trigger({ datafileId: row.id, datafileTitle: v.title.trim() })}
    >
      {() => <TextField name="title" label={t('datafiles.rename.label')} required />}
    </FormDialog>
  );
}

function OwnerSelect({ options }: { options: { id: string; label: string }[] }) {
  const t = useT();
  const [field, meta] = useField<string>('userId');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>
        {t('datafiles.owner.label')}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...field} data-testid="owner-select">
          <option value="">{t('datafiles.owner.placeholder')}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

function WalletCheckbox() {
  const t = useT();
  const [field, , helpers] = useField<boolean>('changeWalletAndTransactions');
  return (
    <Field.Root>
      <Checkbox.Root
        checked={field.value}
        onCheckedChange={(d) => void helpers.setValue(d.checked === true)}
        data-testid="owner-wallet"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('datafiles.owner.wallet')}</Checkbox.Label>
      </Checkbox.Root>
      <Field.HelperText>{t('datafiles.owner.walletHint')}</Field.HelperText>
    </Field.Root>
  );
}

/** Candidates: every activated user of the organisation but the owner (those it can be shared with, and its contributors). */
function ChangeOwnerDialog({ row, onClose }: Props) {
  const t = useT();
  const change = useChangeDatafileOwnership();
  const available = useGetAvailableUsersAsContributor(row.id);
  const contributors = useGetAllDatafileContributors(row.id);
  const people = [
    ...(available.data?.getAvailableUsersAsContributorForDatafile ?? []),
    ...(contributors.data?.getAllDatafileContributors ?? []),
  ]
    .filter((p, i, all) => p.id !== row.owner.id && all.findIndex((q) => q.id === p.id) === i)
    .map((p) => ({ id: p.id, label: `${p.name.first} ${p.name.last} (${p.email})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const schema = yup.object({ userId: yup.string().required(t('datafiles.owner.required')) });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('datafiles.owner.title')}
      testId="dialog-changeOwner"
      initialValues={{ userId: '', changeWalletAndTransactions: false }}
      validationSchema={schema}
      submitLabel={t('datafiles.owner.submit')}
      submitTestId="dialog-changeOwner-submit"
      successMessage={t('datafiles.owner.success')}
      revalidates={DATAFILE_QUERIES}
      onSubmit={(v) =>
        change.trigger({
          datafileId: row.id,
          companyId: row.company.id,
          userId: v.userId,
          changeWalletAndTransactions: v.changeWalletAndTransactions,
        })
      }
    >
      {() => (
        <Stack gap="4">
          <Text>{t('datafiles.owner.body', { title: row.title, company: row.company.name })}</Text>
          {available.data && contributors.data && people.length === 0 ? (
            <Text color="fg.muted">{t('datafiles.owner.none')}</Text>
          ) : (
            <OwnerSelect options={people} />
          )}
          <WalletCheckbox />
        </Stack>
      )}
    </FormDialog>
  );
}

/** The confirmation (or form) of one row action; 'share' and 'open' are handled by the page. */
export function ActionDialog({ row, action, onClose }: Props & { action: Exclude<DatafileAction, 'share' | 'open'> }) {
  switch (action) {
    case 'reupload':
    case 'continueDraft':
    case 'fixUpload':
      return <NavigateDialog row={row} action={action} onClose={onClose} />;
    case 'rename':
      return <RenameDialog row={row} onClose={onClose} />;
    case 'changeOwner':
      return <ChangeOwnerDialog row={row} onClose={onClose} />;
    default:
      return <SimpleActionDialog row={row} action={action} onClose={onClose} />;
  }
}
