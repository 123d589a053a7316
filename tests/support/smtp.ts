import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 and a free port, collecting what it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** The first mail to `to` received after `since` mails, waited for (mails to strangers go out after the answer). */
  const waitFor = async (to: string, since = 0, timeoutMs = 10_000): Promise<ReceivedMail> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = received.slice(since).find((m) => m.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable bodies enough to find links in a raw message. */
export function decodeRaw(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export function linkIn(raw: string, path: string): string {
  const m = new RegExp(`http://app\\.test${path}\\?token=[A-Za-z0-9_-]+[^\\s"<]*`).exec(decodeRaw(raw));
  if (!m) throw new Error(`no ${path} link in mail:\n${raw}`);
  return m[0];
}
