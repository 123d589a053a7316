CREATE TABLE `oes_judge_verdicts` (
	`answer_hash` text PRIMARY KEY NOT NULL,
	`category` integer NOT NULL,
	`model` text NOT NULL,
	`created_at` text NOT NULL
);
