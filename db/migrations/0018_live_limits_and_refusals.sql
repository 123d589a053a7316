CREATE TABLE `endpoint_refusal_samples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`endpoint` text NOT NULL,
	`reason` text NOT NULL,
	`datafile_id` text,
	`key_kind` text,
	`source` text,
	`origin` text
);
--> statement-breakpoint
CREATE INDEX `endpoint_refusal_samples_at_idx` ON `endpoint_refusal_samples` (`at`);--> statement-breakpoint
CREATE TABLE `endpoint_refusals` (
	`endpoint` text NOT NULL,
	`minute` text NOT NULL,
	`reason` text NOT NULL,
	`refusals` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`endpoint`, `minute`, `reason`)
);
--> statement-breakpoint
CREATE INDEX `endpoint_refusals_minute_idx` ON `endpoint_refusals` (`minute`);--> statement-breakpoint
CREATE TABLE `live_settings` (
	`datafile_id` text PRIMARY KEY NOT NULL,
	`server_key_hash` text DEFAULT '' NOT NULL,
	`server_key_sealed` text DEFAULT '' NOT NULL,
	`expected_respondents` integer,
	`max_respondents` integer NOT NULL,
	`max_credits` integer NOT NULL,
	`respondents` integer DEFAULT 0 NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`per_address_per_hour` integer NOT NULL,
	`per_device` integer NOT NULL,
	`allowed_origins` text DEFAULT '[]' NOT NULL,
	`nearing_notified_at` text,
	`reached_notified_at` text,
	`updated_at` text,
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `live_sources` (
	`datafile_id` text NOT NULL,
	`source` text NOT NULL,
	`respondents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`datafile_id`, `source`),
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Live imports defined before the ceilings: what they received so far counts, the ceiling leaves room
-- for as many again (at least the default 1,000 respondents, 10 credits each), the per-source limits
-- take their defaults, and the server key is made on the integration screen.
INSERT INTO `live_settings` (`datafile_id`, `max_respondents`, `max_credits`, `respondents`, `credits`, `per_address_per_hour`, `per_device`)
SELECT d.`id`,
	max(1000, 2 * coalesce(r.n, 0)),
	10 * max(1000, 2 * coalesce(r.n, 0)),
	coalesce(r.n, 0),
	coalesce(r.c, 0),
	100,
	3
FROM `datafiles` d
LEFT JOIN (SELECT `datafile_id`, count(*) AS n, sum(`credits`) AS c FROM `live_respondents` GROUP BY `datafile_id`) r ON r.`datafile_id` = d.`id`
WHERE d.`import_type` = 'LIVE';
