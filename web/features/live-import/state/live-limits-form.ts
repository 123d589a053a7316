// The limits form of the integration screen: its values as typed (text), the same rules the server
// applies (db/domain/live-limits.ts), and the input the mutation takes.
import * as yup from 'yup';
import { BOUNDS, MAX_ORIGINS, normaliseOrigin, type LiveLimits } from '../../../../db/domain/live-limits';

export type LimitsValues = {
  maxRespondents: string;
  maxCredits: string;
  perAddressPerHour: string;
  perDevice: string;
  /** One origin per line. */
  allowedOrigins: string;
};

export const NUMBER_FIELDS = ['maxRespondents', 'maxCredits', 'perAddressPerHour', 'perDevice'] as const;

export const valuesOf = (l: LiveLimits): LimitsValues => ({
  maxRespondents: String(l.maxRespondents),
  maxCredits: String(l.maxCredits),
  perAddressPerHour: String(l.perAddressPerHour),
  perDevice: String(l.perDevice),
  allowedOrigins: l.allowedOrigins.join('\n'),
});

export const originLines = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean);

export const inputOf = (v: LimitsValues): LiveLimits => ({
  maxRespondents: Number(v.maxRespondents),
  maxCredits: Number(v.maxCredits),
  perAddressPerHour: Number(v.perAddressPerHour),
  perDevice: Number(v.perDevice),
  allowedOrigins: originLines(v.allowedOrigins),
});

type T = (key: string, params?: Record<string, string | number>) => string;

/** A whole number within a field's bounds, as the server checks it. */
export const wholeNumberRule = (t: T, field: keyof typeof BOUNDS, format: (n: number) => string) => {
  const { min, max } = BOUNDS[field];
  const message = t('liveImport.limits.wholeNumber', { min: format(min), max: format(max) });
  return yup
    .string()
    .required(message)
    .test('whole', message, (v) => /^\d+$/.test((v ?? '').trim()) && Number(v) >= min && Number(v) <= max);
};

export function limitsSchema(t: T, format: (n: number) => string) {
  return yup.object({
    maxRespondents: wholeNumberRule(t, 'maxRespondents', format),
    maxCredits: wholeNumberRule(t, 'maxCredits', format),
    perAddressPerHour: wholeNumberRule(t, 'perAddressPerHour', format),
    perDevice: wholeNumberRule(t, 'perDevice', format),
    allowedOrigins: yup.string().test('origins', '', function (v) {
      const lines = originLines(v ?? '');
      if (lines.length > MAX_ORIGINS)
        return this.createError({ message: t('liveImport.limits.tooManyOrigins', { max: MAX_ORIGINS }) });
      const bad = lines.find((l) => !normaliseOrigin(l));
      return bad ? this.createError({ message: t('liveImport.limits.badOrigin', { origin: bad.slice(0, 60) }) }) : true;
    }),
  });
}
