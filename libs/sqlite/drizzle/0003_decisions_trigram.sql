-- Substring search over decisions (search_decisions in
-- docs/reference/tool-catalogue.md#decisions-delegations-and-alerts) without a full scan: a trigram FTS5 table over
-- the six searched columns, case-insensitive like `facts_trigram`, kept in sync by triggers and filled from existing
-- rows. Written by hand (drizzle-kit generate --custom) because drizzle-kit cannot express virtual tables or
-- triggers. The triggers call no application function, so the database stays writable from any SQLite tool.
CREATE VIRTUAL TABLE `decisions_trigram` USING fts5(
	`title`, `description`, `context`, `tags`, `owner`, `decided_by`,
	content='decisions', content_rowid='id', tokenize='trigram case_sensitive 0'
);
--> statement-breakpoint
CREATE TRIGGER `decisions_trigram_after_insert` AFTER INSERT ON `decisions` BEGIN
	INSERT INTO `decisions_trigram`(rowid, `title`, `description`, `context`, `tags`, `owner`, `decided_by`)
	VALUES (new.`id`, new.`title`, new.`description`, new.`context`, new.`tags`, new.`owner`, new.`decided_by`);
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_trigram_after_delete` AFTER DELETE ON `decisions` BEGIN
	INSERT INTO `decisions_trigram`(`decisions_trigram`, rowid, `title`, `description`, `context`, `tags`, `owner`, `decided_by`)
	VALUES ('delete', old.`id`, old.`title`, old.`description`, old.`context`, old.`tags`, old.`owner`, old.`decided_by`);
END;
--> statement-breakpoint
CREATE TRIGGER `decisions_trigram_after_update` AFTER UPDATE OF `title`, `description`, `context`, `tags`, `owner`, `decided_by` ON `decisions` BEGIN
	INSERT INTO `decisions_trigram`(`decisions_trigram`, rowid, `title`, `description`, `context`, `tags`, `owner`, `decided_by`)
	VALUES ('delete', old.`id`, old.`title`, old.`description`, old.`context`, old.`tags`, old.`owner`, old.`decided_by`);
	INSERT INTO `decisions_trigram`(rowid, `title`, `description`, `context`, `tags`, `owner`, `decided_by`)
	VALUES (new.`id`, new.`title`, new.`description`, new.`context`, new.`tags`, new.`owner`, new.`decided_by`);
END;
--> statement-breakpoint
INSERT INTO `decisions_trigram`(`decisions_trigram`) VALUES ('rebuild');
--> statement-breakpoint
-- The trigram tokenizer folds case one character at a time, which equals `cos_fold` only for some characters
-- (`ß`→`ss`, `ﬁ`→`fi`, decomposed accents differ). This partial index lists the decisions holding any other
-- character, so a search checks them with `cos_fold` too and returns exactly what a full folded scan would.
-- The WHERE clause must stay identical to DECISIONS_FOLD_SCAN_PREDICATE in src/lifecycle/decisions-text-search.ts.
CREATE INDEX `decisions_fold_scan_idx` ON `decisions` (`id`) WHERE (`title` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*' OR `description` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*' OR `context` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*' OR `tags` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*' OR `owner` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*' OR `decided_by` GLOB '*[^' || char(9, 10, 13) || ' -~À-ÖØ-Þà-öø-ÿ–-—‘-’“-”־א-ת׳-״]*');
