ALTER TABLE `datafiles` ADD `deleted_at` text;--> statement-breakpoint
ALTER TABLE `datafiles` ADD `purged_at` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `request_id` text;