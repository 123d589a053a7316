CREATE TABLE `event_stream_leases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `event_stream_leases_user_idx` ON `event_stream_leases` (`user_id`,`expires_at`);