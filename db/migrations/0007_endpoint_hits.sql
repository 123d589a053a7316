CREATE TABLE `endpoint_hits` (
	`endpoint` text NOT NULL,
	`minute` text NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`refusals` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`endpoint`, `minute`)
);
--> statement-breakpoint
CREATE INDEX `endpoint_hits_minute_idx` ON `endpoint_hits` (`minute`);