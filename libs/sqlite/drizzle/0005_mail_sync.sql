CREATE TABLE `mail_sync_state` (
	`mailbox_id` integer PRIMARY KEY NOT NULL,
	`uid_validity` text NOT NULL,
	`uid_next` integer NOT NULL,
	`highest_modseq` text,
	`synced_at` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_messages` ADD `remote_uid` integer;--> statement-breakpoint
CREATE INDEX `mail_messages_mailbox_remote_uid_idx` ON `mail_messages` (`mailbox_id`,`remote_uid`);