-- Full-text indexes (docs/reference/data-model.md#tables) over facts (words and trigrams), mail messages and
-- messages: FTS5 external-content tables kept in sync by triggers. Written by hand (drizzle-kit generate --custom)
-- because drizzle-kit cannot express virtual tables or triggers.
CREATE VIRTUAL TABLE `facts_fts` USING fts5(
	`key`, `value`, `category`,
	content='facts', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `facts_fts_after_insert` AFTER INSERT ON `facts` BEGIN
	INSERT INTO `facts_fts`(rowid, `key`, `value`, `category`) VALUES (new.`id`, new.`key`, new.`value`, new.`category`);
END;
--> statement-breakpoint
CREATE TRIGGER `facts_fts_after_delete` AFTER DELETE ON `facts` BEGIN
	INSERT INTO `facts_fts`(`facts_fts`, rowid, `key`, `value`, `category`) VALUES ('delete', old.`id`, old.`key`, old.`value`, old.`category`);
END;
--> statement-breakpoint
CREATE TRIGGER `facts_fts_after_update` AFTER UPDATE OF `key`, `value`, `category` ON `facts` BEGIN
	INSERT INTO `facts_fts`(`facts_fts`, rowid, `key`, `value`, `category`) VALUES ('delete', old.`id`, old.`key`, old.`value`, old.`category`);
	INSERT INTO `facts_fts`(rowid, `key`, `value`, `category`) VALUES (new.`id`, new.`key`, new.`value`, new.`category`);
END;
--> statement-breakpoint
INSERT INTO `facts_fts`(`facts_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- Trigram index over facts for case-insensitive substring search (list b of
-- docs/reference/algorithms.md#fact-ranking) without a full scan.
CREATE VIRTUAL TABLE `facts_trigram` USING fts5(
	`key`, `value`,
	content='facts', content_rowid='id', tokenize='trigram case_sensitive 0'
);
--> statement-breakpoint
CREATE TRIGGER `facts_trigram_after_insert` AFTER INSERT ON `facts` BEGIN
	INSERT INTO `facts_trigram`(rowid, `key`, `value`) VALUES (new.`id`, new.`key`, new.`value`);
END;
--> statement-breakpoint
CREATE TRIGGER `facts_trigram_after_delete` AFTER DELETE ON `facts` BEGIN
	INSERT INTO `facts_trigram`(`facts_trigram`, rowid, `key`, `value`) VALUES ('delete', old.`id`, old.`key`, old.`value`);
END;
--> statement-breakpoint
CREATE TRIGGER `facts_trigram_after_update` AFTER UPDATE OF `key`, `value` ON `facts` BEGIN
	INSERT INTO `facts_trigram`(`facts_trigram`, rowid, `key`, `value`) VALUES ('delete', old.`id`, old.`key`, old.`value`);
	INSERT INTO `facts_trigram`(rowid, `key`, `value`) VALUES (new.`id`, new.`key`, new.`value`);
END;
--> statement-breakpoint
INSERT INTO `facts_trigram`(`facts_trigram`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `mail_messages_fts` USING fts5(
	`subject`, `from_name`, `from_address`, `to`, `body_text`,
	content='mail_messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `mail_messages_fts_after_insert` AFTER INSERT ON `mail_messages` BEGIN
	INSERT INTO `mail_messages_fts`(rowid, `subject`, `from_name`, `from_address`, `to`, `body_text`)
	VALUES (new.`id`, new.`subject`, new.`from_name`, new.`from_address`, new.`to`, new.`body_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `mail_messages_fts_after_delete` AFTER DELETE ON `mail_messages` BEGIN
	INSERT INTO `mail_messages_fts`(`mail_messages_fts`, rowid, `subject`, `from_name`, `from_address`, `to`, `body_text`)
	VALUES ('delete', old.`id`, old.`subject`, old.`from_name`, old.`from_address`, old.`to`, old.`body_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `mail_messages_fts_after_update` AFTER UPDATE OF `subject`, `from_name`, `from_address`, `to`, `body_text` ON `mail_messages` BEGIN
	INSERT INTO `mail_messages_fts`(`mail_messages_fts`, rowid, `subject`, `from_name`, `from_address`, `to`, `body_text`)
	VALUES ('delete', old.`id`, old.`subject`, old.`from_name`, old.`from_address`, old.`to`, old.`body_text`);
	INSERT INTO `mail_messages_fts`(rowid, `subject`, `from_name`, `from_address`, `to`, `body_text`)
	VALUES (new.`id`, new.`subject`, new.`from_name`, new.`from_address`, new.`to`, new.`body_text`);
END;
--> statement-breakpoint
INSERT INTO `mail_messages_fts`(`mail_messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(
	`text`, `sender_handle`, `sender_name`,
	content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `messages_fts`(rowid, `text`, `sender_handle`, `sender_name`) VALUES (new.`id`, new.`text`, new.`sender_handle`, new.`sender_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages` BEGIN
	INSERT INTO `messages_fts`(`messages_fts`, rowid, `text`, `sender_handle`, `sender_name`) VALUES ('delete', old.`id`, old.`text`, old.`sender_handle`, old.`sender_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF `text`, `sender_handle`, `sender_name` ON `messages` BEGIN
	INSERT INTO `messages_fts`(`messages_fts`, rowid, `text`, `sender_handle`, `sender_name`) VALUES ('delete', old.`id`, old.`text`, old.`sender_handle`, old.`sender_name`);
	INSERT INTO `messages_fts`(rowid, `text`, `sender_handle`, `sender_name`) VALUES (new.`id`, new.`text`, new.`sender_handle`, new.`sender_name`);
END;
--> statement-breakpoint
INSERT INTO `messages_fts`(`messages_fts`) VALUES ('rebuild');
