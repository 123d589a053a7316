import * as yup from 'yup';
import type { Translate } from '../../../lib/i18n';

const MAX_NAME = 100;

/** First and last name are required; the server also refuses markup in names. */
export const nameRule = (t: Translate) =>
  yup
    .string()
    .trim()
    .required(t('validation.required'))
    .max(MAX_NAME, t('validation.maxLength', { max: MAX_NAME }))
    .matches(/^[^<>]*$/, t('users.validation.noMarkup'));

export const emailRule = (t: Translate) =>
  yup.string().trim().required(t('validation.required')).email(t('validation.email'));
