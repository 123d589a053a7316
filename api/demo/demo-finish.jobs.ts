// Lives in api/demo, above the modules: it composes the worksheet's save and the reports module's
// settings, and the worksheet already imports uploads (a module importing it back would be a module
// cycle, layering/no-module-cycles).
import { DEFAULT_LOCALE, isLocale } from '../lib/i18n';
import type { Viewer } from '../graphql/context';
import { AppError } from '../kernel/errors/errors';
import { loadSavedCleaning } from '../modules/cleaning/saved-cleaning.repo';
import { findDatafile } from '../modules/uploads/uploads.repo';
import { findReportSettings } from '../modules/reports/reports.repo';
import { updateReportSettings } from '../modules/reports/reports.service';
import { DEMO_DATAFILES, type DemoFinish } from './seed-datafiles';
import { DEMO_FINISH_JOB, type DemoFinishPayload, type DemoFinishResult } from './contract';
import { findLiveUserById } from '../modules/users/users.repo';
import type { CleaningSettingsInput } from '../modules/worksheet/worksheet-validation';
import { saveCleaningSettings } from '../modules/worksheet/worksheet.service';
import { RetryableJobError } from '../jobs';
import type { AppJobHandler } from '../kernel/deps';

export type { DemoFinishResult };

/** The worksheet form's input for a demo cleaning: the listed thresholds on, every other score off. */
export function demoCleaningInput(revision: number, cleaning: DemoFinish['cleaning']): CleaningSettingsInput {
  return {
    revision,
    scoreThresholds: cleaning.thresholds.map((t) => ({
      key: t.key,
      isEnable: true,
      threshold: t.threshold,
      minDataPoints: 0,
    })),
    targetSampleSize: cleaning.targetSampleSize ?? null,
    badAnswers: { isEnable: cleaning.badAnswersMin !== null, min: cleaning.badAnswersMin ?? 2 },
    cleaningMethod: cleaning.method,
    comment: cleaning.comment,
  };
}

/**
 * 'demo-finish': once the upload job made a demo datafile READY, saves its demo cleaning as its
 * owner through the worksheet's save (certificate, decisions, audit trail, as a click on Save would)
 * and publishes its quality report through the reports module. While the datafile is still
 * PROCESSING it retries with backoff; after maxAttempts (2 to 4 minutes in all) it fails for the
 * operators' job list. Each step is skipped when done already, so a retry or a second run repeats
 * nothing; a datafile gone or no longer the seeded revision is left alone.
 */
export const demoFinishJob: AppJobHandler<DemoFinishPayload, DemoFinishResult> = {
  kind: DEMO_FINISH_JOB,
  maxAttempts: 12,
  backoff: { baseMs: 2_000, maxMs: 30_000 },
  async run({ deps, payload }) {
    const demo = DEMO_DATAFILES.find((f) => f.id === payload.datafileId);
    const file = await findDatafile(deps.db, payload.datafileId);
    if (!demo?.finish || !file || file.isDeleted) return null;
    if (file.status === 'PROCESSING')
      throw new RetryableJobError(
        'SCORES_NOT_AVAILABLE',
        'the demo datafile is still processing',
        { datafileId: file.id },
        true,
      );
    // A failed upload (ERROR) has nothing to clean: fail at once, beside the upload job's own failure.
    if (file.status !== 'READY')
      throw new AppError('SCORES_NOT_AVAILABLE', {
        reason: 'DATAFILE_NOT_READY',
        datafileId: file.id,
        status: file.status,
      });
    const owner = await findLiveUserById(deps.db, file.ownerId);
    if (!owner) return null;
    // The owner acts, as if signed in: requireDatafile and the audit trail see who they always see.
    const viewer: Viewer = {
      userId: owner.id,
      accessLevel: owner.accessLevel,
      companyId: owner.companyId,
      ownCompanyId: owner.companyId,
      sessionId: null,
      sessionExpiresAt: null,
      via: 'apiKey',
      locale: isLocale(owner.locale) ? owner.locale : DEFAULT_LOCALE,
      // The organisation is read when a field asks for it.
      profile: { columns: null, user: owner, company: null },
    };
    // Only the seeded revision: a user who uploaded a new one owns what happens to it.
    if (file.revision !== 1) return null;
    let certificateLevel = file.certificateLevel ?? null;
    const saved = await loadSavedCleaning(deps.db, file.id);
    if (!saved)
      certificateLevel = (
        await saveCleaningSettings(deps, viewer, file.id, demoCleaningInput(file.revision, demo.finish.cleaning))
      ).certificateLevel;
    let reportPublished = false;
    if (demo.finish.report) {
      const existing = await findReportSettings(deps.db, file.id);
      if (!existing) {
        await updateReportSettings(deps, viewer, file.id, {
          clientName: demo.finish.report.clientName,
          showScoreDetails: true,
          shortFormat: false,
          passwordProtected: false,
          isPublished: true,
        });
      }
      reportPublished = (await findReportSettings(deps.db, file.id))?.isPublished ?? false;
    }
    return { cleaned: true, certificateLevel, reportPublished };
  },
};
