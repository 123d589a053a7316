// The optional coherence judge: after the open answers are classified, an OpenAI-compatible model
// reads each selected interview (coherence.prompt.ts) in batches, within the judge's time limit, and
// names contradicting answers. An interview whose batch failed (time limit, HTTP error, malformed
// reply or a refusal) gets no coherence score and is counted as failed; nothing here throws for that.
import type { Logger } from '../../lib/logger';
import { JudgeUnavailable, postChat, type CoherenceConfig, type FetchLike } from '../../infra/judge';
import {
  buildCoherenceMessages,
  coherenceScore,
  MalformedCoherenceReply,
  type CoherenceInterview,
  type Contradiction,
} from './coherence.prompt';
import { parseCoherenceReply } from './coherence.prompt';

export type CoherenceVerdict = { row: number; score: number; contradictions: Contradiction[] };
export type CoherenceOutcome = { verdicts: CoherenceVerdict[]; failed: number };

// Interviews are longer than single answers: few per request, two requests in flight.
const BATCH = 5;
const CONCURRENCY = 2;

export async function judgeCoherence(
  deps: { config: CoherenceConfig; log: Logger; fetch?: FetchLike },
  interviews: readonly CoherenceInterview[],
): Promise<CoherenceOutcome> {
  const config = deps.config.judge;
  const batches: CoherenceInterview[][] = [];
  const size = Math.min(BATCH, config.batchSize);
  for (let i = 0; i < interviews.length; i += size) batches.push(interviews.slice(i, i + size));
  const deadline = performance.now() + config.timeoutMs;
  const verdicts: CoherenceVerdict[] = [];
  let failed = 0;
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      if (stopped) {
        failed += batch.length;
        continue;
      }
      try {
        const body = await postChat(config, buildCoherenceMessages(batch), deadline, deps.fetch);
        for (const [row, contradictions] of parseCoherenceReply(body, batch))
          verdicts.push({ row, score: coherenceScore(contradictions.length), contradictions });
      } catch (e) {
        failed += batch.length;
        if (e instanceof JudgeUnavailable) {
          // Down, refusing us or out of time: stop asking; the rest are failures too.
          stopped = true;
          deps.log.error('coherence judge unavailable', { reason: e.reason, status: e.status, message: e.message });
        } else if (e instanceof MalformedCoherenceReply)
          deps.log.error('coherence judge sent a malformed reply', { message: e.message });
        else throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batches.length) }, worker));
  deps.log.info('coherence judge', { asked: interviews.length, judged: verdicts.length, failed, model: config.model });
  return { verdicts, failed };
}
