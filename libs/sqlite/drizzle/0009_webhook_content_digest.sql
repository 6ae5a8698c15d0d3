ALTER TABLE `webhook_events` ADD `content_digest` text;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_source_content_digest_uq` ON `webhook_events` (`source`,`content_digest`);