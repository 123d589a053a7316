CREATE TABLE `certificates` (
	`code` text PRIMARY KEY NOT NULL,
	`datafile_id` text NOT NULL,
	`revision` integer NOT NULL,
	`statement` text NOT NULL,
	`signature` text NOT NULL,
	`key_id` text NOT NULL,
	`public_key_pem` text NOT NULL,
	`level` integer NOT NULL,
	`issued_at` text NOT NULL,
	`issued_by` text,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `certificates_datafile_idx` ON `certificates` (`datafile_id`,`issued_at`);