CREATE TABLE `event_stream_leases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `event_stream_leases_user_idx` ON `event_stream_leases` (`user_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `live_rate_buckets` (
	`datafile_id` text PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`at` integer NOT NULL,
	`granted` integer NOT NULL
);
