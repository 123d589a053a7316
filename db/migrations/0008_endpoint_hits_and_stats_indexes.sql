CREATE TABLE `endpoint_hits` (
	`endpoint` text NOT NULL,
	`minute` text NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`refusals` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`endpoint`, `minute`)
);
--> statement-breakpoint
CREATE INDEX `endpoint_hits_minute_idx` ON `endpoint_hits` (`minute`);--> statement-breakpoint
CREATE INDEX `credit_transactions_stats_idx` ON `credit_transactions` (`occurred_date`,`type`,`company_id`,`amount`);--> statement-breakpoint
CREATE INDEX `datafiles_stats_idx` ON `datafiles` (`created_at`,`company_id`,`import_type`,`number_of_records`,`status`) WHERE "datafiles"."is_deleted" = 0;