// What the coherence judge is asked and how its answer is read: a numbered batch of interviews (open
// question titles and answers), and for each the pairs of questions whose answers contradict each
// other. The reply must be this JSON exactly (zod); anything else is a failure for the whole batch.
import * as z from 'zod';
import type { ChatMessage } from '../../infra/judge';

/** One interview as the model reads it: answers keyed by question id (the data point's column). */
export type CoherenceInterview = { id: number; answers: { question: string; title: string; text: string }[] };

const INSTRUCTIONS = `You check survey interviews for coherence. For every interview, name each pair of questions whose
answers contradict each other (they cannot both be true of the same respondent), with a short explanation (at most
20 words). Different opinions on different topics are not contradictions. Use the question ids as given.
Reply with JSON only: {"results":[{"id":<interview id>,"contradictions":[{"questions":["<id>","<id>"],
"explanation":"..."}]}, ...]} with one entry per interview id; an empty list when nothing contradicts.`;

export function buildCoherenceMessages(interviews: readonly CoherenceInterview[]): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify({ interviews }) },
  ];
}

const Reply = z.strictObject({
  results: z.array(
    z.strictObject({
      id: z.number().int(),
      contradictions: z
        .array(
          z.strictObject({
            questions: z.array(z.string().max(200)).min(2).max(2),
            explanation: z.string().max(500),
          }),
        )
        .max(50),
    }),
  ),
});
const Completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

export type Contradiction = { questions: [string, string]; explanation: string };

export class MalformedCoherenceReply extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedCoherenceReply';
  }
}

/**
 * The contradictions per interview id of a chat-completions body. Throws MalformedCoherenceReply when
 * the body is not a completion, its message is not the JSON asked for (a refusal text included), an
 * interview asked about is missing, or a contradiction names a question the interview does not have.
 */
export function parseCoherenceReply(body: unknown, asked: readonly CoherenceInterview[]): Map<number, Contradiction[]> {
  const completion = Completion.safeParse(body);
  if (!completion.success) throw new MalformedCoherenceReply('no message content in the reply');
  let json: unknown;
  try {
    json = JSON.parse(completion.data.choices[0]!.message.content.trim());
  } catch {
    throw new MalformedCoherenceReply('the message is not JSON');
  }
  const reply = Reply.safeParse(json);
  if (!reply.success) throw new MalformedCoherenceReply('the reply is not the JSON asked for');
  const byId = new Map(reply.data.results.map((r) => [r.id, r.contradictions]));
  const out = new Map<number, Contradiction[]>();
  for (const interview of asked) {
    const found = byId.get(interview.id);
    if (!found) throw new MalformedCoherenceReply(`no result for interview ${interview.id}`);
    const questions = new Set(interview.answers.map((a) => a.question));
    for (const c of found)
      if (!c.questions.every((q) => questions.has(q)) || c.questions[0] === c.questions[1])
        throw new MalformedCoherenceReply(`interview ${interview.id}: a contradiction names unknown questions`);
    out.set(
      interview.id,
      found.map((c) => ({ questions: [c.questions[0]!, c.questions[1]!], explanation: c.explanation })),
    );
  }
  return out;
}

/** 100 without contradictions, 25 points less for each one, never below 0. */
export function coherenceScore(contradictions: number): number {
  return Math.max(0, 100 - 25 * contradictions);
}

const MAX_ANSWER_CHARS = 500;
const MAX_INTERVIEW_CHARS = 4_000;

/**
 * The interviews the model reads: the first `max` rows with at least two open answers, each answer cut
 * to 500 characters and the interview to 4,000, so neither a long answer nor a large file makes the
 * requests unbounded. Ids are the 0-based rows.
 */
export function interviewsOf(
  questions: readonly { column: string; title: string; answers: readonly (string | null | undefined)[] }[],
  rows: number,
  max: number,
): CoherenceInterview[] {
  const out: CoherenceInterview[] = [];
  for (let row = 0; row < rows && out.length < max; row++) {
    let budget = MAX_INTERVIEW_CHARS;
    const answers: CoherenceInterview['answers'] = [];
    for (const q of questions) {
      const text = (q.answers[row] ?? '').trim().slice(0, Math.min(MAX_ANSWER_CHARS, budget));
      if (text === '') continue;
      budget -= text.length;
      answers.push({ question: q.column, title: q.title.slice(0, 200), text });
    }
    if (answers.length >= 2) out.push({ id: row, answers });
  }
  return out;
}
