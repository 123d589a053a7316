ALTER TABLE `jobs` ADD `owner` text;--> statement-breakpoint
CREATE INDEX `jobs_owner_state_idx` ON `jobs` (`owner`,`state`);