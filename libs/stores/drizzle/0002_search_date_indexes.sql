-- Newest-first mail search (SPEC §3.4 search_mail): when a query matches many messages, the store walks this
-- index from the newest date and stops once a page is full, instead of sorting every match. Written by hand
-- (drizzle-kit generate --custom) so the table definition stays as declared.
CREATE INDEX IF NOT EXISTS `mail_messages_date_idx` ON `mail_messages` (`date`);
