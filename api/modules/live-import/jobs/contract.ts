// The live import's job contract: its two kinds, their payloads and results, and their dedupe keys.
import { jobKind } from '../../../jobs';
import type { UploadSummary } from '../../../ingest';
import type { LiveRespondentInput } from '../live-respondent';
import type { Sender } from '../live-guard';

/** `sender`: the key kind and hashed source the request came with (absent in jobs queued before it existed: treated as the server key's). */
export type LiveRespondentPayload = { datafileId: string; input: LiveRespondentInput; sender?: Sender };
export type LiveRespondentResult = { status: string; credits: number } | null;
export type LivePublishPayload = { datafileId: string };
export type LivePublishResult = { revision: number; rows: number; summary: Omit<UploadSummary, 'files'> } | null;

/** 'live.respondent': a respondent accepted with 202, scored and charged by the same exactly-once path. */
export const LIVE_RESPONDENT_JOB = jobKind<LiveRespondentPayload, LiveRespondentResult>('live.respondent');

/** 'live.publish': a revision of all respondents so far. */
export const LIVE_PUBLISH_JOB = jobKind<LivePublishPayload, LivePublishResult>('live.publish');

/** One respondent job per record id: a resend while it waits is the same job. */
export const liveRespondentKey = (datafileId: string, recordId: string) => `live:${datafileId}:${recordId}`;

/** One scheduled publish per datafile and time slot, across processes. */
export const livePublishSlotKey = (datafileId: string, slot: number) => `${LIVE_PUBLISH_JOB}:${datafileId}:${slot}`;

/** A publish asked for now (never deduplicated). */
export const livePublishNowKey = (datafileId: string, nonce: string) =>
  `${LIVE_PUBLISH_JOB}:${datafileId}:now:${nonce}`;
