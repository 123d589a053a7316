ALTER TABLE `notifications` ADD `event` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `params` text;