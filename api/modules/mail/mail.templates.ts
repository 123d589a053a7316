import { translate, type Locale } from '../../lib/i18n';

export type MailTemplate =
  | 'registrationConfirmation'
  | 'registrationAttempt'
  | 'invitation'
  | 'passwordReset'
  | 'backupPlanActivated'
  | 'lowBalance'
  | 'contractExpiring'
  | 'liveCeilingNearing'
  | 'liveCeilingReached';

/** Templates whose link holds a single-use token: stored sealed (mail.service.ts enqueueSealedMail). */
const SECRET_LINK_TEMPLATES: ReadonlySet<MailTemplate> = new Set([
  'registrationConfirmation',
  'invitation',
  'passwordReset',
]);
export const carriesSecretLink = (template: MailTemplate) => SECRET_LINK_TEMPLATES.has(template);

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * Renders a mail from locales/<locale>.json (mail.<template>.subject/body/after) with an optional
 * link. Without a name the greeting names nobody (mails to addresses nobody confirmed carry no text
 * a stranger chose).
 */
export function renderMail(
  locale: Locale,
  template: MailTemplate,
  params: { name?: string; link?: string } & Record<string, string | number>,
): RenderedMail {
  const t = (key: string) => translate(locale, key, params);
  const subject = t(`mail.${template}.subject`);
  const lines = [t(params.name ? 'mail.common.greeting' : 'mail.common.greetingPlain'), '', t(`mail.${template}.body`)];
  if (params.link) lines.push('', params.link);
  const after = t(`mail.${template}.after`);
  if (after && after !== `mail.${template}.after`) lines.push('', after);
  if (params.link) lines.push('', t('mail.common.ignore'));
  lines.push('', t('mail.common.signature'));
  const text = lines.join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;line-height:1.5">${lines
    .map((line) => {
      if (line === '') return '';
      if (params.link && line === params.link) {
        const href = escapeHtml(params.link);
        return `<p><a href="${href}">${href}</a></p>`;
      }
      return `<p>${escapeHtml(line)}</p>`;
    })
    .join('')}</body></html>`;
  return { subject, text, html };
}
