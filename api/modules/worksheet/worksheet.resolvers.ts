import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { presentAuditEntry, presentSettings } from './worksheet.presenter';
import * as service from './worksheet.service';

export const worksheetResolvers: ModuleResolvers = {
  Query: {
    getDatafileCleaningSettings: async (_, args, ctx) => {
      const { file, saved, groupingColumns, savedBy } = await service.cleaningSettingsFor(
        ctx.deps,
        await requireViewer(ctx),
        args.datafileId,
      );
      return presentSettings(file, saved, groupingColumns, savedBy);
    },
    getCleaningAuditTrail: async (_, args, ctx) => {
      const { entries, page, limit, total } = await service.auditTrailFor(
        ctx.deps,
        await requireViewer(ctx),
        args.datafileId,
        args.page,
      );
      return {
        entries: entries.map(presentAuditEntry),
        pageInfo: {
          page,
          limit,
          total,
          previousPage: page > 1 ? page - 1 : null,
          nextPage: page * limit < total ? page + 1 : null,
        },
      };
    },
  },
  Mutation: {
    updateCleaningSettings: async (_, args, ctx) => {
      const outcome = await service.saveCleaningSettings(
        ctx.deps,
        await requireViewer(ctx),
        args.datafileId,
        args.cleaningSettings,
      );
      return { status: 'SUCCESS', message: 'OK', ...outcome };
    },
  },
};
