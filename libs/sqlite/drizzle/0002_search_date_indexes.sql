-- Newest-first mail search (search_mail in docs/reference/tool-catalogue.md#personal-data-providers): when a query
-- matches many messages, the store walks this index from the newest date and stops once a page is full, instead of
-- sorting every match. Written by hand (drizzle-kit generate --custom) so the table definition stays as declared.
CREATE INDEX IF NOT EXISTS `mail_messages_date_idx` ON `mail_messages` (`date`);
