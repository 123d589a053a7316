CREATE TABLE `datafile_datapoints` (
	`upload_id` text NOT NULL,
	`position` integer NOT NULL,
	`data_point_identifier` text NOT NULL,
	`data_point_type` text NOT NULL,
	`question_title` text,
	`is_enable_copy_paste_check` integer DEFAULT false NOT NULL,
	`starting_question` integer DEFAULT false NOT NULL,
	`algorithms` text NOT NULL,
	`page_number` integer,
	`page_title` text,
	`columns` text NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	PRIMARY KEY(`upload_id`, `position`),
	FOREIGN KEY (`upload_id`) REFERENCES `datafile_uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `datafile_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`datafile_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`revision` integer,
	`progress` integer DEFAULT 0 NOT NULL,
	`source_key` text NOT NULL,
	`source_format` text NOT NULL,
	`source_file_name` text NOT NULL,
	`source_bytes` integer NOT NULL,
	`sheet_name` text,
	`header_row` integer NOT NULL,
	`first_data_row` integer NOT NULL,
	`missing_values` text NOT NULL,
	`source_info` text,
	`columns` text,
	`check_job_id` text,
	`job_id` text,
	`credit_estimate` integer,
	`number_of_records` integer,
	`charged_records` integer,
	`credits_charged` integer,
	`charge_id` text,
	`mean_combined_score` real,
	`error_code` text,
	`error_details` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	`confirmed_by` text,
	`confirmed_at` text,
	`finished_at` text,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datafile_uploads_revision_uq` ON `datafile_uploads` (`datafile_id`,`revision`) WHERE "datafile_uploads"."revision" is not null;--> statement-breakpoint
CREATE INDEX `datafile_uploads_datafile_idx` ON `datafile_uploads` (`datafile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `datafile_uploads_processing_idx` ON `datafile_uploads` (`confirmed_by`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `datafile_uploads_source_uq` ON `datafile_uploads` (`source_key`);--> statement-breakpoint
ALTER TABLE `datafiles` ADD `last_revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `published_upload_id` text;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `number_of_valid_records` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `number_of_invalid_records` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `number_of_excluded_records` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `number_of_datapoints` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `number_of_projective_questions` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `quality_scores` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `mean_combined_score` real;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `cost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `scoring_version` text;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `is_enable_wrong_topic_check` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `processed_at` text;