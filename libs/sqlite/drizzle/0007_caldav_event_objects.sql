ALTER TABLE `events` ADD `remote_href` text;--> statement-breakpoint
ALTER TABLE `events` ADD `remote_etag` text;