ALTER TABLE `reminder_lists` ADD `remote_url` text;--> statement-breakpoint
ALTER TABLE `reminder_lists` ADD `remote_ctag` text;--> statement-breakpoint
ALTER TABLE `reminder_lists` ADD `last_synced_at` text;--> statement-breakpoint
ALTER TABLE `reminders` ADD `remote_href` text;--> statement-breakpoint
ALTER TABLE `reminders` ADD `remote_etag` text;