-- Team mode (ADR 0078): every row of a person's data carries the principal it belongs to. Rows already stored are the
-- owner's (the one person of a single-person database); new rows take the session's `cos.principal` setting, which the
-- connection pool sets from the request's principal scope on every checkout. Hand-edited after generation: the column
-- is added with the default 'owner' for the existing rows and then given its real default; suggestion_state's old
-- primary key is dropped by its name; the row-level security below is not something drizzle-kit emits.
DROP INDEX "agent_memory_agent_type_key_uq";--> statement-breakpoint
DROP INDEX "alert_rules_name_uq";--> statement-breakpoint
DROP INDEX "calendars_name_uq";--> statement-breakpoint
DROP INDEX "conversations_provider_external_id_uq";--> statement-breakpoint
DROP INDEX "documents_path_uq";--> statement-breakpoint
DROP INDEX "event_rules_name_uq";--> statement-breakpoint
DROP INDEX "facts_category_key_uq";--> statement-breakpoint
DROP INDEX "identities_provider_provider_id_uq";--> statement-breakpoint
DROP INDEX "locations_name_folded_uq";--> statement-breakpoint
DROP INDEX "mailboxes_account_name_uq";--> statement-breakpoint
DROP INDEX "messages_provider_external_id_uq";--> statement-breakpoint
DROP INDEX "reminder_lists_name_uq";--> statement-breakpoint
DROP INDEX "scheduled_tasks_name_uq";--> statement-breakpoint
DROP INDEX "shared_memory_namespace_key_uq";--> statement-breakpoint
DROP INDEX "skill_suggestions_signature_uq";--> statement-breakpoint
DROP INDEX "webhook_events_source_delivery_id_uq";--> statement-breakpoint
DROP INDEX "webhook_events_source_content_digest_uq";--> statement-breakpoint
ALTER TABLE "agent_memory" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_memory" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "agent_runs" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_runs" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "calendars" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendars" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "decisions" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "delegations" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "event_rules" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rules" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "fact_vectors" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "fact_vectors" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "facts" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "facts" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "fallback_events" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "fallback_events" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "mail_sync_state" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_sync_state" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailboxes" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "model_calls" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "model_calls" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "reminder_lists" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_lists" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_tasks" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "shared_memory" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_memory" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "skill_suggestions" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "skill_suggestions" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "suggestion_state" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "suggestion_state" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "task_runs" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_runs" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "tool_usage_log" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_usage_log" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "principal_id" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "principal_id" SET DEFAULT current_setting('cos.principal');--> statement-breakpoint
ALTER TABLE "suggestion_state" DROP CONSTRAINT "suggestion_state_pkey";--> statement-breakpoint
ALTER TABLE "suggestion_state" ADD CONSTRAINT "suggestion_state_key_principal_id_pk" PRIMARY KEY("key","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_memory_agent_type_key_uq" ON "agent_memory" USING btree ("agent_name","memory_type","key","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_name_uq" ON "alert_rules" USING btree ("name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_name_uq" ON "calendars" USING btree ("name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_provider_external_id_uq" ON "conversations" USING btree ("provider","external_id","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_path_uq" ON "documents" USING btree ("path","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rules_name_uq" ON "event_rules" USING btree ("name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facts_category_key_uq" ON "facts" USING btree ("category","key","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_provider_provider_id_uq" ON "identities" USING btree ("provider","provider_id","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_name_folded_uq" ON "locations" USING btree ("name_folded","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_account_name_uq" ON "mailboxes" USING btree ("account","name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_external_id_uq" ON "messages" USING btree ("provider","external_id","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_lists_name_uq" ON "reminder_lists" USING btree ("name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_tasks_name_uq" ON "scheduled_tasks" USING btree ("name","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_memory_namespace_key_uq" ON "shared_memory" USING btree ("namespace","key","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skill_suggestions_signature_uq" ON "skill_suggestions" USING btree ("signature","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_source_delivery_id_uq" ON "webhook_events" USING btree ("source","delivery_id","principal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_source_content_digest_uq" ON "webhook_events" USING btree ("source","content_digest","principal_id");--> statement-breakpoint
-- Row-level security, the second wall of team mode: a session bound by it sees and writes only the rows of the
-- principal in `cos.principal` (`*` is the system scope: the scheduler's claims, the administrator's counts). It binds
-- the role `cos_scoped`, created here when the migrating role may create roles; a team-mode pool switches every
-- session to it. The tables' owner is not bound (no FORCE), so a single-person database keeps its query plans: index
-- scans with operators PostgreSQL does not mark leakproof (full-text `@@`, trigram `ILIKE`) are not possible under a
-- policy (ADR 0078).
DO $$
DECLARE
  t text;
  can_create boolean;
BEGIN
  FOREACH t IN ARRAY ARRAY['agent_memory', 'agent_runs', 'alert_rules', 'calendars', 'conversations', 'decisions', 'delegations', 'document_chunks', 'documents', 'event_rules', 'events', 'fact_vectors', 'facts', 'fallback_events', 'identities', 'locations', 'mail_messages', 'mail_outbox', 'mail_sync_state', 'mailboxes', 'messages', 'model_calls', 'notifications', 'reminder_lists', 'reminders', 'scheduled_tasks', 'shared_memory', 'skill_suggestions', 'suggestion_state', 'task_runs', 'tool_usage_log', 'webhook_events'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY principal_rows ON %I USING (principal_id = current_setting(''cos.principal'', true) OR current_setting(''cos.principal'', true) = ''*'') WITH CHECK (principal_id = current_setting(''cos.principal'', true) OR current_setting(''cos.principal'', true) = ''*'')',
      t
    );
  END LOOP;
  SELECT rolsuper OR rolcreaterole INTO can_create FROM pg_roles WHERE rolname = current_user;
  IF can_create THEN
    BEGIN
      CREATE ROLE cos_scoped NOLOGIN NOSUPERUSER NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
    EXECUTE format('GRANT cos_scoped TO %I', current_user);
    GRANT USAGE ON SCHEMA public TO cos_scoped;
    GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO cos_scoped;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO cos_scoped;
    GRANT USAGE ON SCHEMA drizzle TO cos_scoped;
    GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO cos_scoped;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO cos_scoped;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO cos_scoped;
  END IF;
END
$$;
