CREATE TABLE `signed_put_uses` (
	`signature` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`used_at` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signed_put_uses_expires_idx` ON `signed_put_uses` (`expires_at`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `owner` text;--> statement-breakpoint
CREATE INDEX `jobs_owner_state_idx` ON `jobs` (`owner`,`state`);