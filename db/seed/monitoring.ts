// The monitoring page's demo: a day of the recurring jobs (their times feed p50/p95) and an
// outbox run that failed on SMTP, with the mail it could not send. Only finished jobs: a
// queued one would be run by `npm start`'s runner at once.
import { jobs, outboxMails } from '../schema';
import { sid, type SeedClock, type SeedInsert } from './context';

export async function seedMonitoring(insert: SeedInsert, { now }: SeedClock): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const jobRows: (typeof jobs.$inferInsert)[] = [];
  for (let i = 0; i < 24; i++) {
    const created = (i + 1) * 3_600_000 - 60_000;
    const calendarStart = created - (180 + ((i * 137) % 900));
    const calendarEnd = calendarStart - (400 + ((i * 331) % 2600));
    jobRows.push({
      id: sid('0a', i + 1),
      kind: 'calendar',
      payload: {},
      state: 'SUCCEEDED',
      attempts: 1,
      runAfter: at(created),
      createdAt: at(created),
      startedAt: at(calendarStart),
      finishedAt: at(calendarEnd),
      updatedAt: at(calendarEnd),
      progress: 100,
      result: { expired: 0 },
    });
    const mailStart = calendarEnd - (40 + ((i * 53) % 300));
    const mailEnd = mailStart - (90 + ((i * 97) % 700));
    jobRows.push({
      id: sid('0b', i + 1),
      kind: 'mail.outbox',
      payload: {},
      state: 'SUCCEEDED',
      attempts: 1,
      runAfter: at(calendarEnd),
      createdAt: at(calendarEnd),
      startedAt: at(mailStart),
      finishedAt: at(mailEnd),
      updatedAt: at(mailEnd),
      progress: 100,
      result: { sent: i % 5 === 0 ? 1 : 0 },
    });
  }
  jobRows.push({
    id: sid('0c', 1),
    kind: 'mail.outbox',
    payload: {},
    state: 'FAILED',
    attempts: 3,
    maxAttempts: 3,
    runAfter: at(7_000_000),
    createdAt: at(7_300_000),
    startedAt: at(7_290_000),
    finishedAt: at(7_000_000),
    updatedAt: at(7_000_000),
    errorCode: 'EMAIL_SENDING_FAILED',
    errorDetail: '{"message":"connect ECONNREFUSED 10.0.4.25:587","host":"mail.example.com","attempt":3}',
  });
  await insert(jobs, jobRows);
  await insert(outboxMails, [
    {
      id: sid('f', 2),
      to: 'lena.fischer@example.com',
      locale: 'de',
      template: 'passwordReset',
      subject: 'Passwort zurücksetzen',
      text: '(seeded)',
      html: '<p>(seeded)</p>',
      status: 'FAILED',
      attempts: 5,
      lastError: '421 4.7.0 mail.example.com: too many connections, try again later',
      createdAt: at(7_400_000),
    },
  ]);
}
