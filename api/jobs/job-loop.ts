import type { Deps } from '../deps';
import { deliverPendingMails } from '../modules/mail/mail.service';
import { runCalendarJob, type CalendarJobResult } from './calendar-job';

/**
 * Periodic work in the server process: outbox retries now; the calendar job of the credit engine
 * joins here. Each tick is idempotent, so several processes may run it.
 */
export async function runJobsOnce(deps: Deps): Promise<{ mailsSent: number; calendar: CalendarJobResult }> {
  // The calendar job first: the mails it queues (credit alerts) go out in the same tick.
  const calendar = await runCalendarJob(deps);
  const mailsSent = await deliverPendingMails(deps);
  return { mailsSent, calendar };
}

export function startJobLoop(deps: Deps): () => void {
  const minutes = deps.env.jobIntervalMinutes;
  if (minutes <= 0) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runJobsOnce(deps);
    } catch (error) {
      deps.log.error('job loop tick failed', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, minutes * 60_000);
  return () => clearInterval(timer);
}
