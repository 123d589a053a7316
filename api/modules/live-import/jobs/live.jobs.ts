// The live import's job kinds: 'live.respondent' (a respondent accepted with 202, scored and
// charged by the same exactly-once path) and 'live.publish' (a revision of all respondents).
import { eq } from 'drizzle-orm';
import { datafiles } from '../../../../db/schema';
import type { AppJobHandler } from '../../../kernel/deps';
import { replaceScoreStats } from '../../dashboard';
import { nextRevision, findDatafile } from '../../uploads';
import { acceptRespondent, authenticateById, pagesOf } from '../live.service';
import { schedulePublish, snapshotOf } from '../live-publish';
import { SERVER_SENDER } from '../live-guard';
import { hourOf } from '../live-sources';
import {
  LIVE_PUBLISH_JOB,
  LIVE_RESPONDENT_JOB,
  type LivePublishPayload,
  type LivePublishResult,
  type LiveRespondentPayload,
  type LiveRespondentResult,
} from './contract';
import * as repo from '../live.repo';
import { planWeightsOf, uploadProcessStep as processUploadStep } from '../../uploads';

export const liveRespondentJob: AppJobHandler<LiveRespondentPayload, LiveRespondentResult> = {
  kind: LIVE_RESPONDENT_JOB,
  maxAttempts: 5,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  async run(ctx) {
    const target = await authenticateById(ctx.deps, ctx.payload.datafileId);
    if (!target) return null;
    const answer = await acceptRespondent(ctx.deps, target, ctx.payload.input, ctx.payload.sender ?? SERVER_SENDER);
    if (answer.status === 'SCORED') schedulePublish(ctx.deps, target);
    return { status: answer.status, credits: answer.credits };
  },
};

const PAGE = 10_000;

export const livePublishJob: AppJobHandler<LivePublishPayload, LivePublishResult> = {
  kind: LIVE_PUBLISH_JOB,
  heavy: true,
  maxAttempts: 3,
  backoff: { baseMs: 2_000, maxMs: 60_000 },
  async run(ctx) {
    const { deps } = ctx;
    const file = await findDatafile(deps.db, ctx.payload.datafileId);
    if (!file || file.isDeleted || file.importType !== 'LIVE' || !file.publishedUploadId) return null;
    // Per-address counts of past hours limit nothing any more.
    await repo.pruneAddressSources(deps.db, file.id, hourOf(deps.clock.now()).hour);
    const rows: repo.LiveRespondentRow[] = [];
    for (let after = 0; ;) {
      const page = await repo.respondentsAfter(deps.db, file.id, after, PAGE);
      rows.push(...page);
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.seq;
    }
    // Nothing new since the published revision: no new revision.
    if (
      rows.length === 0 ||
      (file.revision > 0 && file.numberOfValidRecords + file.numberOfInvalidRecords === rows.length)
    )
      return null;
    const pages = await pagesOf(deps, file.id, file.publishedUploadId);
    const { csv, mapping } = snapshotOf(pages, rows);
    const revision = await nextRevision(deps.db, file.id);
    const key = `live/${file.companyId}/${file.id}/${revision}.csv`;
    await deps.blobs.put(key, new TextEncoder().encode(csv), { contentType: 'text/csv' });
    const processed = await ctx.runInWorker(processUploadStep, {
      plan: {
        uploadId: file.publishedUploadId,
        datafileId: file.id,
        companyId: file.companyId,
        kind: 'UPDATE',
        revision,
        source: { key, format: 'csv' },
        options: { headerRow: 1, firstDataRow: 2, missingValues: ['-999'], delimiter: ',', encoding: 'utf-8' },
        mapping,
        ...planWeightsOf(file),
        actorId: file.ownerId,
        title: file.title,
      },
      judge: false,
    });
    // The snapshot was only the engine's input; the revision's Arrow files are the data.
    await deps.blobs.delete(key).catch(() => undefined);
    return { revision, rows: rows.length, summary: processed.summary };
  },
  onSucceeded: async (tx, _job, result, deps) => {
    if (!result) return;
    const s = result.summary;
    const file = await findDatafile(tx, s.datafileId);
    // Two publishes finishing out of order: the later revision stays published.
    if (!file || file.revision >= result.revision) return;
    await tx
      .update(datafiles)
      .set({
        revision: result.revision,
        numberOfValidRecords: s.numberOfValidRecords,
        numberOfInvalidRecords: s.numberOfInvalidRecords,
        numberOfDatapoints: s.numberOfDatapoints,
        numberOfProjectiveQuestions: s.numberOfProjectiveQuestions,
        qualityScores: s.qualityScores,
        numberOfQualityScores: s.numberOfQualityScores,
        meanCombinedScore: s.meanCombinedScore,
        scoringVersion: s.scoringVersion,
        processedAt: deps.clock.now().toISOString(),
        updatedAt: deps.clock.now().toISOString(),
      })
      .where(eq(datafiles.id, s.datafileId));
    // The dashboard's bands and averages count live respondents as they count uploaded ones.
    await replaceScoreStats(tx, s.datafileId, result.revision, s.scoreStats ?? []);
  },
};
