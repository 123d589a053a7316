CREATE TABLE `attempt_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_started_at` text NOT NULL,
	`locked_until` text,
	`strikes` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `known_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `known_devices_token_user_uq` ON `known_devices` (`token_hash`,`user_id`);--> statement-breakpoint
CREATE INDEX `known_devices_user_idx` ON `known_devices` (`user_id`);--> statement-breakpoint
DROP TABLE `login_throttle`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`password_hash` text,
	`access_level` text NOT NULL,
	`status` text NOT NULL,
	`image` text,
	`telephone` text,
	`position` text,
	`locale` text DEFAULT 'de' NOT NULL,
	`magic_key_hash` text,
	`magic_key_hint` text,
	`magic_key_created_at` text,
	`has_accepted_terms` integer DEFAULT false NOT NULL,
	`has_confirmed_email` integer DEFAULT false NOT NULL,
	`watch_get_started` integer DEFAULT false NOT NULL,
	`next_nps_date` text,
	`nps_done` integer DEFAULT false NOT NULL,
	`skip_ingress_integrations_prerequisite` integer DEFAULT false NOT NULL,
	`sessions_valid_after` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "company_id", "email", "first_name", "last_name", "password_hash", "access_level", "status", "image", "telephone", "position", "locale", "magic_key_hash", "magic_key_hint", "magic_key_created_at", "has_accepted_terms", "has_confirmed_email", "watch_get_started", "next_nps_date", "nps_done", "skip_ingress_integrations_prerequisite", "sessions_valid_after", "deleted_at", "created_at", "updated_at") SELECT "id", "company_id", "email", "first_name", "last_name", "password_hash", "access_level", "status", "image", "telephone", "position", "locale", "magic_key_hash", NULL, NULL, "has_accepted_terms", "has_confirmed_email", "watch_get_started", "next_nps_date", "nps_done", "skip_ingress_integrations_prerequisite", "sessions_valid_after", "deleted_at", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_live_uq` ON `users` (`email`) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_magic_key_uq` ON `users` (`magic_key_hash`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`status`);--> statement-breakpoint
ALTER TABLE `outbox_mails` ADD `sealed` integer DEFAULT false NOT NULL;