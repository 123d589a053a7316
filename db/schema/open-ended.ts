import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * Verdicts of the AI judge for open-ended answers (api/modules/open-ended-judge), so an answer is sent
 * once: across restarts and shared by every API and job process on the database. The key is a SHA-256
 * of the model, the prompt version, the question (text, keywords, languages) and the normalised answer.
 */
export const oesJudgeVerdicts = sqliteTable('oes_judge_verdicts', {
  answerHash: text('answer_hash').primaryKey(),
  /** Open-ended category code the judge may give (1, 4, 5, 6, 7, 10, 11 or 13; scoring/text.ts names them). */
  category: integer('category').notNull(),
  model: text('model').notNull(),
  createdAt: createdAt(),
});
