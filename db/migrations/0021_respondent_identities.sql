CREATE TABLE `respondent_identities` (
	`company_id` text NOT NULL,
	`datafile_id` text NOT NULL,
	`record_id` text NOT NULL,
	`device_hash` text,
	`panel_hash` text,
	`source` text,
	`seen_at` text NOT NULL,
	PRIMARY KEY(`datafile_id`, `record_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `respondent_identities_device_idx` ON `respondent_identities` (`company_id`,`device_hash`,`seen_at`);--> statement-breakpoint
CREATE INDEX `respondent_identities_panel_idx` ON `respondent_identities` (`company_id`,`panel_hash`,`seen_at`);--> statement-breakpoint
CREATE INDEX `respondent_identities_file_device_idx` ON `respondent_identities` (`datafile_id`,`device_hash`) WHERE device_hash is not null;--> statement-breakpoint
CREATE INDEX `respondent_identities_file_panel_idx` ON `respondent_identities` (`datafile_id`,`panel_hash`) WHERE panel_hash is not null;