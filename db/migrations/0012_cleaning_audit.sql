CREATE TABLE `cleaning_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`datafile_id` text NOT NULL,
	`revision` integer NOT NULL,
	`action` text NOT NULL,
	`record_id` text,
	`reason` text,
	`detail` text,
	`user_id` text,
	`at` text NOT NULL,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cleaning_audit_datafile_idx` ON `cleaning_audit` (`datafile_id`,`at`);