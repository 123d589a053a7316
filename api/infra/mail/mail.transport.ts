import nodemailer from 'nodemailer';

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string };
/** Delivers one mail or throws; absent when SMTP_URL is not set (mails then stay in the outbox and the log). */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close: () => void };

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
