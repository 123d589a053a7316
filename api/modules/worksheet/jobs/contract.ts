// The worksheet feature's job contract: the one-off reweighting of datafiles whose weights were saved
// before the weights reached the scores (reweight-saved.jobs.ts).
import { jobKind } from '../../../jobs';

/** Datafiles looked at, and those whose published revision now holds their saved weights. */
export type ReweightSavedResult = { checked: number; reweighted: number };

/** 'worksheet.reweight-saved': writes the saved weights into revisions published without them. */
export const REWEIGHT_SAVED_JOB = jobKind<Record<string, never>, ReweightSavedResult>('worksheet.reweight-saved');

/**
 * Its dedupe key: one job per database, whatever the number of starts and processes. A run after
 * the finished job was pruned (JOB_RETENTION_DAYS) finds nothing left to do.
 */
export const REWEIGHT_SAVED_KEY = 'worksheet.reweight-saved:once';
