CREATE TABLE `live_rate_buckets` (
	`datafile_id` text PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`at` integer NOT NULL,
	`granted` integer NOT NULL
);
