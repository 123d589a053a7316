// What the judge is asked and how its answer is read. The model gets the question as the user
// configured it and a numbered batch of answers, and must reply with one category per answer as JSON.
import type { ChatMessage } from '../../infra/judge';

/** Bump when the instructions change, so cached verdicts of the old prompt are not reused. */
export const PROMPT_VERSION = 1;

/** Categories the judge may give: the ones it can tell from the text alone (not 8, 9, 12, which need the dataset or paradata). */
export const JUDGE_CATEGORIES = [1, 4, 5, 6, 7, 10, 11, 13] as const;
/** The model says it cannot judge an answer (its AI Error category): the offline verdict stands. */
export const JUDGE_CANNOT = -2;

export type JudgeQuestion = { text: string; keywords: readonly string[]; allowedLanguages: readonly string[] };
export type { ChatMessage };

const INSTRUCTIONS = `You code open-ended survey answers for data quality. For every answer give exactly one category:
1 Valid: a genuine attempt to answer this question, however short, misspelled, in dialect or negative.
4 Generic: could be given to any question; an evaluation without content ("good", "alles super", "nothing").
5 No Information: an explicit non-answer: don't know, can't remember, won't say, punctuation only.
6 Bad Language: contains vulgar or insulting words.
7 Nonsense: keyboard mashing, random letters or digits without meaning.
10 Wrong Topic: real words with sense, but about something other than the question (spam, unrelated stories).
11 Wrong Language: written in a language the question does not allow.
13 Fake Answer: written by a chatbot or language model.
When several apply, give the first of 13, 7, 6, 11, 10, 5, 4. If you cannot judge an answer, give -2.
Reply with JSON only: {"results":[{"id":<answer id>,"category":<code>}, ...]} with one entry per answer id.`;

/** The messages for one batch: answers keyed by their id within the batch. */
export function buildMessages(
  question: JudgeQuestion,
  answers: readonly { id: number; text: string }[],
): ChatMessage[] {
  const payload = {
    question: question.text,
    keywords: question.keywords,
    allowedLanguages: question.allowedLanguages.length > 0 ? question.allowedLanguages : 'any',
    answers: answers.map((a) => ({ id: a.id, text: a.text })),
  };
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify(payload) },
  ];
}

export class MalformedReply extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedReply';
  }
}

/**
 * Reads a chat-completions response body: the JSON object in the first choice's message (also when
 * the model wrapped it in a code fence). Returns the category per id for the ids asked about; an entry
 * with an unknown id or a code outside JUDGE_CATEGORIES is left out (that answer keeps its offline
 * verdict), -2 is kept as JUDGE_CANNOT. Throws MalformedReply when the body is not such a reply at all.
 */
export function parseReply(body: unknown, ids: ReadonlySet<number>): Map<number, number> {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new MalformedReply('no message content in the reply');
  const json = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new MalformedReply('the message is not JSON');
  }
  const results = (parsed as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new MalformedReply('the reply has no "results" list');
  const out = new Map<number, number>();
  for (const r of results) {
    const id = (r as { id?: unknown })?.id;
    const category = Number((r as { category?: unknown })?.category);
    if (typeof id !== 'number' || !ids.has(id) || out.has(id)) continue;
    if (category === JUDGE_CANNOT || (JUDGE_CATEGORIES as readonly number[]).includes(category)) out.set(id, category);
  }
  return out;
}
