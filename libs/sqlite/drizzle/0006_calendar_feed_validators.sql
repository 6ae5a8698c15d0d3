ALTER TABLE `calendars` ADD `feed_etag` text;--> statement-breakpoint
ALTER TABLE `calendars` ADD `feed_last_modified` text;