// The demo data's job contract: 'demo-finish' cleans a demo datafile once its upload made it READY.
import { jobKind } from '../jobs';

export type DemoFinishPayload = { datafileId: string };
export type DemoFinishResult = { cleaned: boolean; certificateLevel: number | null; reportPublished: boolean } | null;

export const DEMO_FINISH_JOB = jobKind<DemoFinishPayload, DemoFinishResult>('demo-finish');

/** One finishing job per demo datafile, ever. */
export const demoFinishKey = (datafileId: string) => `${DEMO_FINISH_JOB}:${datafileId}`;
