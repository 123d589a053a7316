import {
  Avatar,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { useMemo, useRef, useState } from 'react';
import * as yup from 'yup';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { AvatarCropDialog } from '../../../components/form/avatar-crop-dialog';
import { FormDialog } from '../../../components/form/form-dialog';
import { ACCOUNT_MANAGERS, SUPPORT_LEVELS } from '../../../../db/domain/organizations';
import type { SupportLevel, UpdateCompanyInput } from '../../../lib/gql/graphql';
import { type Translate, useLocale, useT } from '../../../lib/i18n';
import type { CompanyUser } from '../api/company-user';
import type { CompanyDetails } from '../api/use-get-company';
import { useUploadCompanyAvatar } from '../api/use-get-company-avatar-upload-url';
import { useUpdateCompany } from '../api/use-update-company';
import { countryCodeFrom, countryOptions } from '../forms/countries';

export type EditOrganizationValues = {
  name: string;
  legalName: string;
  VATNumber: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  companyOwner: string;
  accountManager: string;
  supportLevel: string;
  comment: string;
};

export function editOrganizationSchema(t: Translate, operatorFields: boolean) {
  return yup.object({
    name: yup.string().trim().required(t('companies.edit.nameRequired')),
    postalCode: yup.string().matches(/^\d*$/, t('companies.edit.postalCodeNumeric')),
    ...(operatorFields
      ? {
          companyOwner: yup.string().required(t('companies.edit.ownerRequired')),
          accountManager: yup.string().required(t('companies.edit.accountManagerRequired')),
          supportLevel: yup.string().required(t('companies.edit.supportLevelRequired')),
        }
      : {}),
  });
}

/** The input: an ADMIN never sends owner, account manager, support level or comment (the server refuses them). */
export function toUpdateCompanyInput(
  companyId: string,
  values: EditOrganizationValues,
  image: string | null,
  operatorFields: boolean,
): UpdateCompanyInput {
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  const input: UpdateCompanyInput = {
    id: companyId,
    name: values.name.trim(),
    legalName: orNull(values.legalName),
    VATNumber: orNull(values.VATNumber),
    image,
    address: {
      street: orNull(values.street),
      postalCode: orNull(values.postalCode),
      city: orNull(values.city),
      country: orNull(countryCodeFrom(values.country)),
    },
  };
  if (operatorFields) {
    input.companyOwner = values.companyOwner;
    input.accountManager = values.accountManager;
    // The schema requires one of the select's options (SUPPORT_LEVELS).
    input.supportLevel = values.supportLevel as SupportLevel;
    input.comment = orNull(values.comment);
  }
  return input;
}

/**
 * Edit organization: avatar (square, 65x65), name, legal name, VAT, address with a numeric postal
 * code and a searchable country; on pages other than /administration also the operator fields.
 */
export function EditOrganizationModal({
  company,
  admins,
  operatorFields,
  onClose,
}: {
  company: CompanyDetails;
  admins: CompanyUser[];
  operatorFields: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const update = useUpdateCompany();
  const upload = useUploadCompanyAvatar();
  const [avatar, setAvatar] = useState<{ blob: Blob; preview: string } | null>(null);
  // A chosen picture opens the square crop dialog (cropped square, drawn at 65x65).
  const [cropFile, setCropFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const countryLabel = (code: string | null) => (code ? (countries.find((c) => c.code === code)?.label ?? code) : '');
  const initial: EditOrganizationValues = {
    name: company.name,
    legalName: company.legalName ?? '',
    VATNumber: company.VATNumber ?? '',
    street: company.address.street ?? '',
    postalCode: company.address.postalCode ?? '',
    city: company.address.city ?? '',
    country: countryLabel(company.address.country),
    companyOwner: company.companyOwner?.id ?? '',
    accountManager: company.accountManager ?? '',
    supportLevel: company.supportLevel ?? '',
    comment: company.comment ?? '',
  };

  function fields(form: FormikProps<EditOrganizationValues>) {
    const fieldError = (name: keyof EditOrganizationValues) =>
      form.touched[name] && form.errors[name] ? form.errors[name] : null;
    const text = (name: keyof EditOrganizationValues, label: string, required = false, inputMode?: 'numeric') => (
      <Field.Root invalid={Boolean(fieldError(name))} required={required}>
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          {...form.getFieldProps(name)}
          inputMode={inputMode}
          data-testid={`org-${name}`}
          onChange={
            inputMode === 'numeric'
              ? (e) => void form.setFieldValue(name, e.currentTarget.value.replace(/\D/g, ''))
              : form.handleChange
          }
        />
        {fieldError(name) && <Field.ErrorText>{fieldError(name)}</Field.ErrorText>}
      </Field.Root>
    );
    const select = (
      name: 'companyOwner' | 'accountManager' | 'supportLevel',
      label: string,
      options: { value: string; label: string }[],
    ) => (
      <Field.Root invalid={Boolean(fieldError(name))} required>
        <Field.Label>
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.getFieldProps(name)} data-testid={`org-${name}`}>
            <option value="">{t('contracts.form.choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {fieldError(name) && <Field.ErrorText>{fieldError(name)}</Field.ErrorText>}
      </Field.Root>
    );
    return (
      <>
        <HStack gap="4">
          <Avatar.Root size="2xl">
            <Avatar.Image src={avatar?.preview ?? company.image ?? '/default-company.svg'} />
            <Avatar.Fallback name={company.name} />
          </Avatar.Root>
          <Stack gap="1">
            <Button
              size="sm"
              variant="outline"
              onClick={() => fileInput.current?.click()}
              data-testid="org-avatar-button"
            >
              {t('companies.edit.uploadImage')}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {t('companies.edit.imageHint')}
            </Text>
          </Stack>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            data-testid="org-avatar-input"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              e.currentTarget.value = '';
              if (!file) return;
              setImageError(!file.type.startsWith('image/'));
              if (file.type.startsWith('image/')) setCropFile(file);
            }}
          />
          <AvatarCropDialog
            file={cropFile}
            onCancel={() => setCropFile(null)}
            onCropped={(cropped) => {
              setCropFile(null);
              setAvatar({ blob: cropped.blob, preview: cropped.previewUrl });
            }}
          />
        </HStack>
        <ErrorAlert
          message={imageError ? t('companies.edit.imageInvalid') : null}
          onDismiss={() => setImageError(false)}
        />
        <SimpleGrid columns={2} gap="4">
          {text('name', t('companies.edit.name'), true)}
          {text('legalName', t('companies.edit.legalName'))}
          {text('VATNumber', t('companies.edit.vatNumber'))}
          {text('street', t('companies.edit.street'))}
          {text('postalCode', t('companies.edit.postalCode'), false, 'numeric')}
          {text('city', t('companies.edit.city'))}
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{t('companies.edit.country')}</Field.Label>
          <Input
            {...form.getFieldProps('country')}
            list="org-country-list"
            placeholder={t('companies.edit.countrySearch')}
            data-testid="org-country"
            autoComplete="off"
          />
          <datalist id="org-country-list">
            {countries.map((c) => (
              <option key={c.code} value={c.label} />
            ))}
          </datalist>
        </Field.Root>
        {operatorFields && (
          <SimpleGrid columns={3} gap="4" data-testid="operator-fields">
            {select(
              'companyOwner',
              t('companies.edit.owner'),
              admins.map((a) => ({ value: a.id, label: `${a.name.first} ${a.name.last}` })),
            )}
            {select(
              'accountManager',
              t('companies.edit.accountManager'),
              ACCOUNT_MANAGERS.map((m) => ({ value: m, label: m })),
            )}
            {select(
              'supportLevel',
              t('companies.edit.supportLevel'),
              SUPPORT_LEVELS.map((l) => ({ value: l, label: l })),
            )}
          </SimpleGrid>
        )}
        {operatorFields && (
          <Field.Root>
            <Field.Label>{t('companies.edit.note')}</Field.Label>
            <Textarea {...form.getFieldProps('comment')} data-testid="org-comment" />
          </Field.Root>
        )}
      </>
    );
  }

  return (
    <FormDialog<EditOrganizationValues>
      open
      onClose={onClose}
      title={t('companies.edit.title')}
      testId="edit-organization-modal"
      size="lg"
      scrollInside
      initialValues={initial}
      validationSchema={editOrganizationSchema(t, operatorFields)}
      validationError={t('companies.edit.validationError')}
      onSubmit={async (values) => {
        const image = avatar ? await upload(company.id, avatar.blob) : company.image;
        await update.trigger({ companyToUpdate: toUpdateCompanyInput(company.id, values, image, operatorFields) });
      }}
      successMessage={t('companies.edit.saved')}
      revalidates={['getCompany', 'getAllActiveCompanies', 'me', 'getActiveCompanyAdminUsers']}
      submitLabel={t('common.save')}
      submitTestId="org-save"
    >
      {fields}
    </FormDialog>
  );
}
