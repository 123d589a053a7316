import { requireViewer } from '../../graphql/access';
import type { GqlContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { SUCCESS } from '../../graphql/resolver-types';
import { localiseRefusal } from '../../kernel/errors/refusal-messages';
import { confirmUpload, uploadingProgress } from './upload-confirm.service';
import { draftedDatafile, saveColumns, uploadCheck, uploadPreview } from './upload-draft.service';
import { createDraftDatafile, datafileUploadUrl, sheetNamesOf } from './upload-steps.service';
import { presentCheck, presentDraft, presentPreview, presentProgress } from './uploads.presenter';

/** Upload refusals leave with the message the steps and the notification share (column, rows, limit filled in). */
async function inLanguage<T>(ctx: GqlContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw localiseRefusal(error, await ctx.locale());
  }
}

export const uploadsResolvers: ModuleResolvers = {
  Query: {
    getDatafileUploadURL: (_, args, ctx) =>
      inLanguage(ctx, async () => datafileUploadUrl(ctx.deps, await requireViewer(ctx), args.fileName, args.companyId)),
    getSheetNames: (_, args, ctx) =>
      inLanguage(ctx, async () => sheetNamesOf(ctx.deps, await requireViewer(ctx), args.datafileKey, args.companyId)),
    getDraftedDatafile: (_, args, ctx) =>
      inLanguage(ctx, async () =>
        presentDraft(await draftedDatafile(ctx.deps, await requireViewer(ctx), args.datafileId), await ctx.locale()),
      ),
    getUploadPreview: (_, args, ctx) =>
      inLanguage(ctx, async () =>
        presentPreview(await uploadPreview(ctx.deps, await requireViewer(ctx), args.datafileId), await ctx.locale()),
      ),
    getUploadCheck: (_, args, ctx) =>
      inLanguage(ctx, async () =>
        presentCheck(await uploadCheck(ctx.deps, await requireViewer(ctx), args.datafileId), await ctx.locale()),
      ),
    getDatafileUploadingProgress: (_, args, ctx) =>
      inLanguage(ctx, async () =>
        presentProgress(
          await uploadingProgress(ctx.deps, await requireViewer(ctx), args.datafileId),
          await ctx.locale(),
        ),
      ),
  },
  Mutation: {
    createDraftDatafile: (_, args, ctx) =>
      inLanguage(ctx, async () => ({
        ...SUCCESS(),
        datafileId: await createDraftDatafile(ctx.deps, await requireViewer(ctx), args.datafileInput),
      })),
    saveDraftDatafileColumns: (_, args, ctx) =>
      inLanguage(ctx, async () =>
        presentCheck(
          await saveColumns(ctx.deps, await requireViewer(ctx), args.datafileId, args.selectedColumns),
          await ctx.locale(),
        ),
      ),
    changeDatafileUploadingProgressStatus: (_, args, ctx) =>
      inLanguage(ctx, async () => {
        await confirmUpload(ctx.deps, await requireViewer(ctx), {
          datafileId: args.datafileInputObject.datafileId,
          selectedColumns: args.selectedColumns,
          creditAmount: args.creditAmount,
          status: args.status,
        });
        return SUCCESS();
      }),
  },
};
