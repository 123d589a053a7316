import * as yup from 'yup';
import type { Translate } from '../../../lib/i18n';

/** Minimum length of a new password. */
export const MIN_PASSWORD_LENGTH = 8;

export const newPasswordRule = (t: Translate) =>
  yup
    .string()
    .required(t('validation.required'))
    .min(MIN_PASSWORD_LENGTH, t('validation.minPassword', { min: MIN_PASSWORD_LENGTH }));

export const confirmPasswordRule = (t: Translate, field = 'password') =>
  yup
    .string()
    .required(t('validation.required'))
    .oneOf([yup.ref(field)], t('validation.passwordsMustMatch'));
