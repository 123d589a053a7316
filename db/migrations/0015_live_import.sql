CREATE TABLE `live_respondents` (
	`datafile_id` text NOT NULL,
	`record_id` text NOT NULL,
	`seq` integer NOT NULL,
	`answers` text NOT NULL,
	`total_seconds` real,
	`scores` text NOT NULL,
	`credits` integer NOT NULL,
	`charge_id` text NOT NULL,
	`payload_hash` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`datafile_id`, `record_id`),
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `live_respondents_seq_idx` ON `live_respondents` (`datafile_id`,`seq`);