// The quality report: settings per datafile, edited by whoever may see the datafile; the public page
// at /datafile-report?datafileId= for strangers once published, behind the password when protection
// is on (Argon2id hash; guesses counted before each check, per datafile and address and per
// datafile, in the database every API process shares). Strangers get
// nothing but the access state until both hold: no title, no counts, no settings.
import { sourceOfRecords } from '../duplicates';
import type { Deps } from '../../kernel/deps';
import type { Viewer } from '../../graphql/context';
import { AppError } from '../../kernel/errors/errors';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { requireNewPassword } from '../../lib/validation';
import { ATTEMPT_RULES, releaseAttempts, reserveAttempt } from '../attempts';
import { datafileSubject, latestCertificateOf } from '../certificates';
import { formatCertificateCode } from '../certificates';
import { loadSavedCleaning, type SavedCleaning } from '../cleaning';
import { contributorIdsOf, findDatafile, type DatafileRow } from '../uploads';
import { canSeeDatafile, requireDatafile } from '../datafiles';
import { reportUrlOf } from '../exports';
import { avatarPath, avatarUploadUrl, isAvatarPath } from '../files';
import { REPORT_TARGET_AVERAGE, reportFigures, type ReportFigures } from './report-figures';
import { findReportSettings, saveReportSettings, type ReportSettingsRow } from './reports.repo';

export type SettingsInput = {
  clientName?: string | null;
  clientLogo?: string | null;
  showScoreDetails: boolean;
  shortFormat: boolean;
  passwordProtected: boolean;
  password?: string | null;
  isPublished: boolean;
};

export function presentSettings(deps: Pick<Deps, 'env'>, datafileId: string, row: ReportSettingsRow | undefined) {
  return {
    datafileId,
    clientName: row?.clientName ?? null,
    clientLogo: row?.clientLogo ?? null,
    showScoreDetails: row?.showScoreDetails ?? true,
    shortFormat: row?.shortFormat ?? false,
    passwordProtected: row?.passwordProtected ?? false,
    hasPassword: Boolean(row?.passwordHash),
    isPublished: row?.isPublished ?? false,
    link: reportUrlOf(deps.env.publicUrl, datafileId),
  };
}

export async function reportSettings(deps: Pick<Deps, 'db' | 'env'>, viewer: Viewer, datafileId: string) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  return presentSettings(deps, file.id, await findReportSettings(deps.db, file.id));
}

/** Saves the settings. The password is required with protection on unless one is stored. */
export async function updateReportSettings(
  deps: Pick<Deps, 'clock' | 'db' | 'env'>,
  viewer: Viewer,
  datafileId: string,
  input: SettingsInput,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const existing = await findReportSettings(deps.db, file.id);
  const clientName = input.clientName?.trim() || null;
  if (clientName && clientName.length > 100)
    throw new AppError('INVALID_PARAMETERS', { field: 'clientName', reason: 'TOO_LONG', max: 100 });
  const clientLogo = input.clientLogo || null;
  if (
    clientLogo &&
    (!isAvatarPath(clientLogo, ['reports']) || !clientLogo.startsWith(`/files/avatars/reports/${file.id}/`))
  ) {
    throw new AppError('INVALID_PARAMETERS', { field: 'clientLogo', reason: 'NOT_AN_UPLOADED_LOGO' });
  }
  let passwordHash = existing?.passwordHash ?? null;
  if (input.password != null && input.password !== '')
    passwordHash = await hashPassword(requireNewPassword('password', input.password));
  if (input.passwordProtected && !passwordHash)
    throw new AppError('INCOMPLETE_INPUT', { field: 'password', reason: 'REPORT_PASSWORD_REQUIRED' });
  // Switching protection off forgets the password, so switching it on again asks for a new one.
  if (!input.passwordProtected) passwordHash = null;
  await saveReportSettings(deps.db, {
    datafileId: file.id,
    clientName,
    clientLogo,
    showScoreDetails: input.showScoreDetails,
    shortFormat: input.shortFormat,
    passwordProtected: input.passwordProtected,
    passwordHash,
    isPublished: input.isPublished,
    updatedAt: deps.clock.now().toISOString(),
    updatedBy: viewer.userId,
  });
  return presentSettings(deps, file.id, await findReportSettings(deps.db, file.id));
}

export async function reportLogoUploadUrl(
  deps: Pick<Deps, 'blobs' | 'clock' | 'db'>,
  viewer: Viewer,
  datafileId: string,
  imageKey: string,
) {
  const file = await requireDatafile(deps.db, viewer, datafileId, 'see');
  const path = avatarPath('reports', file.id, imageKey);
  return { signedUrl: avatarUploadUrl(deps.blobs, path, deps.clock.now()).signedUrl, imagePath: `/files/${path}` };
}

/**
 * A stranger's report password, counted before the check (per datafile and address, then per
 * datafile: a burst is cut at the limit) and given back when it was right.
 */
async function checkPassword(
  deps: Pick<Deps, 'clock' | 'db'>,
  datafileId: string,
  address: string,
  hash: string,
  password: string,
): Promise<void> {
  const now = deps.clock.now();
  const reservations = [
    await reserveAttempt(deps.db, ATTEMPT_RULES.reportAddress, `${datafileId}:${address}`, now),
    await reserveAttempt(deps.db, ATTEMPT_RULES.reportTotal, datafileId, now),
  ];
  if (password.length <= 1024 && (await verifyPassword(password, hash))) {
    await releaseAttempts(deps.db, reservations);
    return;
  }
  throw new AppError('REPORT_PASSWORD_INCORRECT', { field: 'password' });
}

// Figures of a revision under a saved cleaning do not change until either does: re-reading the
// columns and re-cleaning on every page view would cost seconds for large files.
const FIGURES_CACHE = new Map<string, Promise<ReportFigures>>();
const FIGURES_CACHE_MAX = 32;

function figuresOf(deps: Deps, file: DatafileRow, saved: SavedCleaning): Promise<ReportFigures> {
  const key = `${file.id}:${file.revision}:${saved.savedAt}:${JSON.stringify(saved.rules)}`;
  let figures = FIGURES_CACHE.get(key);
  if (!figures) {
    figures = sourceOfRecords(deps, file.id).then((sources) =>
      reportFigures(deps, file.id, file.revision, saved, sources),
    );
    figures.catch(() => FIGURES_CACHE.delete(key));
    if (FIGURES_CACHE.size >= FIGURES_CACHE_MAX) FIGURES_CACHE.delete(FIGURES_CACHE.keys().next().value!);
    FIGURES_CACHE.set(key, figures);
  }
  return figures;
}

type Access = 'REPORT' | 'PASSWORD_REQUIRED' | 'NOT_PUBLISHED' | 'NOT_CLEANED';

/**
 * getDatafileReport: editors (who may see the datafile) always get the report as strangers will see
 * it, with the settings; strangers only a published report, after the password when protected.
 */
export async function datafileReport(
  deps: Deps,
  viewer: Viewer | null,
  clientAddress: string,
  datafileId: string,
  password: string | null | undefined,
) {
  const file = await findDatafile(deps.db, datafileId);
  const canEdit = Boolean(
    file &&
    viewer &&
    canSeeDatafile(
      viewer,
      file,
      viewer.accessLevel === 'EMPLOYEE' && file.ownerId !== viewer.userId
        ? await contributorIdsOf(deps.db, file.id)
        : [],
    ),
  );
  const settingsRow = file ? await findReportSettings(deps.db, file.id) : undefined;
  const closed = (access: Access) => ({
    access,
    canEdit,
    settings: canEdit && file ? presentSettings(deps, file.id, settingsRow) : null,
    report: null,
  });
  if (!file) return closed('NOT_PUBLISHED');
  if (!canEdit) {
    if (!settingsRow?.isPublished) return closed('NOT_PUBLISHED');
    if (settingsRow.passwordProtected && settingsRow.passwordHash) {
      if (password == null || password === '') return closed('PASSWORD_REQUIRED');
      await checkPassword(deps, file.id, clientAddress, settingsRow.passwordHash, password);
    }
  }
  const saved = await loadSavedCleaning(deps.db, file.id);
  // A reset cleaning (resetDatafileCleaning) keeps the settings for the worksheet but no longer reports.
  if (!saved || !file.isCleaned || file.revision < 1 || file.status === 'DRAFT') return closed('NOT_CLEANED');
  const [figures, certificate, subject] = await Promise.all([
    figuresOf(deps, file, saved),
    latestCertificateOf(deps.db, file.id, file.revision),
    datafileSubject(deps.db, file.id),
  ]);
  const settings = presentSettings(deps, file.id, settingsRow);
  const details = settings.showScoreDetails;
  const averages = details ? figures.averages : figures.averages.filter((a) => a.key === 'combined');
  return {
    access: 'REPORT' as const,
    canEdit,
    settings: canEdit ? settings : null,
    report: {
      datafileTitle: file.title,
      companyName: subject?.companyName ?? '',
      clientName: settings.clientName,
      clientLogo: settings.clientLogo,
      showScoreDetails: settings.showScoreDetails,
      shortFormat: settings.shortFormat,
      certificateCode: certificate ? formatCertificateCode(certificate.code) : null,
      certificateLevel: certificate?.level ?? null,
      certifiedAt: certificate?.issuedAt ?? null,
      revision: file.revision,
      scoringVersion: file.scoringVersion ?? deps.scoring.version,
      cleanedAt: saved.savedAt,
      recordsBefore: figures.recordsBefore,
      recordsAfter: figures.recordsAfter,
      recordsRemoved: figures.recordsBefore - figures.recordsAfter,
      targetAverage: REPORT_TARGET_AVERAGE,
      averages,
      sampleScores: details ? figures.sampleScores : [],
      exclusions: figures.exclusions,
      removedByReason: details ? figures.removedByReason : [],
      // The short format is one page: no distribution.
      distribution: settings.shortFormat ? null : figures.distribution,
      bySource: figures.bySource,
    },
  };
}
