// api/infra/judge's front door: what the rest of the server may use of it (layering/imports holds it).
export { type ChatMessage, type FetchLike, JudgeUnavailable, postChat } from './judge.client';
export type { JudgeConfig } from './judge.config';
export type { CoherenceConfig } from './coherence.config';
