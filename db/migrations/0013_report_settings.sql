CREATE TABLE `datafile_reports` (
	`datafile_id` text PRIMARY KEY NOT NULL,
	`client_name` text,
	`client_logo` text,
	`show_score_details` integer DEFAULT true NOT NULL,
	`short_format` integer DEFAULT false NOT NULL,
	`password_protected` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`is_published` integer DEFAULT false NOT NULL,
	`updated_at` text NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
