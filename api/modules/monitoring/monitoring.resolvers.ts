import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { requireMonitoringAccess } from './monitoring.policy';
import { presentJob } from './monitoring.presenter';
import * as service from './monitoring.service';

export const monitoringResolvers: ModuleResolvers = {
  Query: {
    getJobQueueSummary: async (_, _args, ctx) => {
      await requireMonitoringAccess(ctx);
      return service.jobQueueSummary(ctx.deps);
    },
    getJobs: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      const { rows, pageInfo } = await service.jobsPage(ctx.deps, args.filters ?? {}, args.paginationInfo);
      const now = ctx.deps.clock.now();
      return { jobs: rows.map((row) => presentJob(row, now)), pageInfo };
    },
    getOutboxSummary: async (_, _args, ctx) => {
      await requireMonitoringAccess(ctx);
      return service.outboxSummary(ctx.deps);
    },
    getOutboxMails: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      const { rows, pageInfo } = await service.outboxPage(ctx.deps, args.status, args.paginationInfo);
      return { mails: rows, pageInfo };
    },
    getLiveEndpointTraffic: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      return service.liveEndpointTraffic(ctx.deps, args.minutes);
    },
    getSystemSize: async (_, _args, ctx) => {
      await requireMonitoringAccess(ctx);
      return service.systemSize(ctx.deps);
    },
  },
  Mutation: {
    retryJob: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      await service.retryJob(ctx.deps, args.jobId);
      return SUCCESS('Job queued again');
    },
    cancelJob: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      const state = await service.cancelJob(ctx.deps, args.jobId);
      return SUCCESS(
        state === 'CANCELLED' ? 'Job cancelled' : 'Cancel requested: the job stops at its next progress point',
      );
    },
    resendOutboxMail: async (_, args, ctx) => {
      await requireMonitoringAccess(ctx);
      await service.resendOutboxMail(ctx.deps, args.mailId);
      return SUCCESS('Mail queued again');
    },
  },
};
