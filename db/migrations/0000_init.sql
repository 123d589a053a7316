CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`legal_name` text,
	`vat_number` text,
	`image` text,
	`account_manager` text,
	`support_level` text,
	`comment` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`is_beta` integer DEFAULT false NOT NULL,
	`package_id` text,
	`number_of_employees` integer,
	`street` text,
	`postal_code` text,
	`city` text,
	`state` text,
	`country` text,
	`owner_id` text,
	`activated_at` text,
	`deactivated_at` text,
	`deleted_at` text,
	`created_at` text NOT NULL,
	`updated_at` text,
	CONSTRAINT "companies_support_level_ck" CHECK("companies"."support_level" IS NULL OR "companies"."support_level" IN ('A','B','C'))
);
--> statement-breakpoint
CREATE INDEX `companies_status_idx` ON `companies` (`status`,`name`);--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` (lower("name"));--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`auto_renew` integer DEFAULT false NOT NULL,
	`renewed_from_id` text,
	`primary_credit_plan_id` text,
	`backup_credit_plan_id` text,
	`deactivated_at` text,
	`deactivated_by` text,
	`created_at` text NOT NULL,
	`created_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contracts_dates_ck" CHECK("contracts"."start_date" <= "contracts"."end_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_renewed_from_id_unique` ON `contracts` (`renewed_from_id`);--> statement-breakpoint
CREATE INDEX `contracts_company_idx` ON `contracts` (`company_id`,`start_date`);--> statement-breakpoint
CREATE TABLE `credit_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`contract_id` text,
	`role` text NOT NULL,
	`category` text NOT NULL,
	`plan_type` text NOT NULL,
	`name` text NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text,
	`received` integer DEFAULT 0 NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`price_per_credit` integer NOT NULL,
	`payment_amount` integer DEFAULT 0 NOT NULL,
	`invoice_number` text,
	`invoice_url` text,
	`activated_at` text,
	`deactivated_at` text,
	`created_at` text NOT NULL,
	`created_by` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contract_id`) REFERENCES `contracts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_plans_prepaid_balance_ck" CHECK("credit_plans"."category" = 'PAY_AS_USAGE' OR "credit_plans"."balance" >= 0),
	CONSTRAINT "credit_plans_price_ck" CHECK("credit_plans"."price_per_credit" >= 0 AND "credit_plans"."payment_amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `credit_plans_company_idx` ON `credit_plans` (`company_id`,`role`);--> statement-breakpoint
CREATE TABLE `credit_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`credit_plan_id` text NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`delta` integer NOT NULL,
	`charge_id` text,
	`datafile_id` text,
	`reversed_transaction_id` text,
	`operation_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`price_per_credit` integer NOT NULL,
	`description` text NOT NULL,
	`occurred_at` text NOT NULL,
	`occurred_date` text NOT NULL,
	`actor_id` text,
	`reason` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_plan_id`) REFERENCES `credit_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`charge_id`) REFERENCES `datafile_charges`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_transactions_amount_ck" CHECK("credit_transactions"."amount" > 0 AND abs("credit_transactions"."delta") = "credit_transactions"."amount")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_transactions_reversed_transaction_id_unique` ON `credit_transactions` (`reversed_transaction_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_transactions_idempotency_key_unique` ON `credit_transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `credit_transactions_company_idx` ON `credit_transactions` (`company_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `credit_transactions_plan_idx` ON `credit_transactions` (`credit_plan_id`);--> statement-breakpoint
CREATE INDEX `credit_transactions_datafile_idx` ON `credit_transactions` (`datafile_id`);--> statement-breakpoint
CREATE TABLE `datafile_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`datafile_id` text NOT NULL,
	`kind` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`request_hash` text NOT NULL,
	`interviews` integer NOT NULL,
	`credits` integer NOT NULL,
	`operation_id` text NOT NULL,
	`actor_id` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "datafile_charges_positive_ck" CHECK("datafile_charges"."interviews" >= 0 AND "datafile_charges"."credits" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datafile_charges_idempotency_key_unique` ON `datafile_charges` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `datafile_charges_datafile_idx` ON `datafile_charges` (`datafile_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`credit_plan_id` text NOT NULL,
	`quarter` text NOT NULL,
	`usage_credits` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_plan_id`) REFERENCES `credit_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_plan_quarter_uq` ON `invoices` (`credit_plan_id`,`quarter`);--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`duration` integer NOT NULL,
	`number_of_credits` integer NOT NULL,
	`price_per_credit` integer NOT NULL,
	`number_of_users` integer NOT NULL,
	`price_per_credit_month` integer NOT NULL,
	`price_per_credit_year` integer NOT NULL,
	`price_per_credit_other` integer NOT NULL,
	`package_type` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `datafile_contributors` (
	`datafile_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`datafile_id`, `user_id`),
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `datafiles` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`title` text NOT NULL,
	`import_type` text NOT NULL,
	`status` text DEFAULT 'DRAFT' NOT NULL,
	`datafile_key` text,
	`secret_key` text,
	`integration` text,
	`is_live_cleaning` integer DEFAULT false NOT NULL,
	`is_weighted` integer DEFAULT false NOT NULL,
	`include_timestamp` integer DEFAULT false NOT NULL,
	`include_item_battery` integer DEFAULT false NOT NULL,
	`include_cs` integer DEFAULT false NOT NULL,
	`include_ps` integer DEFAULT false NOT NULL,
	`include_oes` integer DEFAULT false NOT NULL,
	`certificate_level` integer,
	`number_of_records` integer DEFAULT 0 NOT NULL,
	`number_of_cleaned_records` integer DEFAULT 0 NOT NULL,
	`number_of_quality_scores` integer DEFAULT 0 NOT NULL,
	`is_cleaned` integer DEFAULT false NOT NULL,
	`mark_threshold` integer,
	`cleaning_method` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`cleaning_settings` text,
	`weighting_method` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `datafiles_datafile_key_unique` ON `datafiles` (`datafile_key`);--> statement-breakpoint
CREATE INDEX `datafiles_company_idx` ON `datafiles` (`company_id`,`is_deleted`,`created_at`);--> statement-breakpoint
CREATE INDEX `datafiles_owner_idx` ON `datafiles` (`owner_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'QUEUED' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 3 NOT NULL,
	`run_at` text NOT NULL,
	`lease_owner` text,
	`lease_until` text,
	`unique_key` text,
	`result` text,
	`error` text,
	`created_at` text NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_unique_key_unique` ON `jobs` (`unique_key`);--> statement-breakpoint
CREATE INDEX `jobs_ready_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text,
	`type` text DEFAULT 'GENERIC' NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`url` text,
	`read_at` text,
	`dedupe_key` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_dedupe_key_unique` ON `notifications` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`read_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`locale` text NOT NULL,
	`template` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`dedupe_key` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_mails_dedupe_key_unique` ON `outbox_mails` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `outbox_mails_status_idx` ON `outbox_mails` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_token_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_started_at` text NOT NULL,
	`locked_until` text
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_preferences` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`nipo_username` text,
	`nipo_password_sealed` text,
	`nipo_region` text,
	`nipo_domain` text,
	`is_datafile_uploading` integer DEFAULT false NOT NULL,
	`is_datafile_updating` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_preferences_user_id_unique` ON `user_preferences` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
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
	`magic_key_hash` text NOT NULL,
	`magic_key_sealed` text NOT NULL,
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
CREATE UNIQUE INDEX `users_email_live_uq` ON `users` (`email`) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_magic_key_uq` ON `users` (`magic_key_hash`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`status`);