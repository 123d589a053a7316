import { and, inArray, lte, min, sql, count } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { JobEngineContext } from './job-types';

/**
 * The job queue as Prometheus gauges, read from the jobs table at scrape time (one grouped read on
 * the state index): jobs per kind and state (QUEUED, RUNNING, FAILED) and, per kind, how long the
 * oldest due QUEUED job has waited. They describe the shared table, so every process reports the
 * same values (aggregate them with max, not sum).
 */
export function registerQueueMetrics(deps: Pick<JobEngineContext, 'db' | 'clock' | 'metrics'>): void {
  deps.metrics.gauge('sqp_jobs', 'Jobs in the shared table by kind and state', ['kind', 'state'], async (set) => {
    const rows = await deps.db
      .select({ kind: jobs.kind, state: jobs.state, n: count() })
      .from(jobs)
      .where(inArray(jobs.state, ['QUEUED', 'RUNNING', 'FAILED']))
      .groupBy(jobs.kind, jobs.state)
      .all();
    for (const r of rows) set({ kind: r.kind, state: r.state }, Number(r.n));
  });
  deps.metrics.gauge(
    'sqp_jobs_oldest_due_seconds',
    'Per kind, how long the oldest QUEUED job that is due has waited since it became due',
    ['kind'],
    async (set) => {
      const now = deps.clock.now();
      const rows = await deps.db
        .select({ kind: jobs.kind, oldest: min(jobs.runAfter) })
        .from(jobs)
        .where(and(sql`${jobs.state} = 'QUEUED'`, lte(jobs.runAfter, now.toISOString())))
        .groupBy(jobs.kind)
        .all();
      for (const r of rows)
        if (r.oldest) set({ kind: r.kind }, Math.max(0, (now.getTime() - Date.parse(r.oldest)) / 1000));
    },
  );
}
