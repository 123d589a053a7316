CREATE INDEX `companies_live_status_name_idx` ON `companies` (`status`,lower("name"),`id`) WHERE "companies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `companies_live_status_support_idx` ON `companies` (`status`,`support_level`,`id`) WHERE "companies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `companies_live_status_support_desc_idx` ON `companies` (`status`,"support_level" DESC,`id`) WHERE "companies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `contracts_company_dates_idx` ON `contracts` (`company_id`,`start_date`,`end_date`,`deleted_at`,`deactivated_at`,`type`,`id`);--> statement-breakpoint
CREATE INDEX `contracts_live_end_idx` ON `contracts` (`end_date`,`company_id`) WHERE "contracts"."deleted_at" IS NULL AND "contracts"."deactivated_at" IS NULL;--> statement-breakpoint
CREATE INDEX `contracts_live_type_idx` ON `contracts` (`type`,`company_id`) WHERE "contracts"."deleted_at" IS NULL AND "contracts"."deactivated_at" IS NULL;--> statement-breakpoint
CREATE INDEX `contracts_live_type_desc_idx` ON `contracts` ("type" DESC,`company_id`) WHERE "contracts"."deleted_at" IS NULL AND "contracts"."deactivated_at" IS NULL;--> statement-breakpoint
CREATE INDEX `datafiles_live_company_idx` ON `datafiles` (`company_id`,`created_at`,`status`) WHERE "datafiles"."is_deleted" = 0;--> statement-breakpoint
CREATE INDEX `datafiles_live_created_idx` ON `datafiles` (`created_at`,`company_id`) WHERE "datafiles"."is_deleted" = 0;