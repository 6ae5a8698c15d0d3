CREATE TABLE `agent_memory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`agent_name` text NOT NULL,
	`memory_type` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`confidence` real DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_memory_agent_type_key_uq` ON `agent_memory` (`agent_name`,`memory_type`,`key`);--> statement-breakpoint
CREATE TABLE `agent_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_name` text NOT NULL,
	`trigger` text NOT NULL,
	`parent_run_id` text,
	`instruction_preview` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`stop_reason` text,
	`rounds` integer DEFAULT 0 NOT NULL,
	`tool_call_count` integer DEFAULT 0 NOT NULL,
	`model` text NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cache_read_tokens` integer DEFAULT 0 NOT NULL,
	`cache_creation_tokens` integer DEFAULT 0 NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agent_runs_agent_name_idx` ON `agent_runs` (`agent_name`);--> statement-breakpoint
CREATE INDEX `agent_runs_started_at_idx` ON `agent_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `alert_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`alert_type` text NOT NULL,
	`condition` text DEFAULT '{}' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`cooldown_hours` real DEFAULT 4 NOT NULL,
	`delivery_channel` text,
	`delivery_config` text,
	`last_triggered_at` text,
	`last_fingerprint` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_rules_name_uq` ON `alert_rules` (`name`);--> statement-breakpoint
CREATE TABLE `calendars` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`provider` text DEFAULT 'local' NOT NULL,
	`kind` text DEFAULT 'own' NOT NULL,
	`owner_email` text,
	`feed_url` text,
	`read_only` integer DEFAULT false NOT NULL,
	`color` text,
	`last_synced_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendars_name_uq` ON `calendars` (`name`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`external_id` text NOT NULL,
	`channel` text NOT NULL,
	`title` text,
	`participants` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_provider_external_id_uq` ON `conversations` (`provider`,`external_id`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`context` text DEFAULT '' NOT NULL,
	`alternatives_considered` text DEFAULT '' NOT NULL,
	`decided_by` text DEFAULT '' NOT NULL,
	`owner` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending_execution' NOT NULL,
	`follow_up_date` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`source` text DEFAULT 'user' NOT NULL,
	`source_ref` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `decisions_status_idx` ON `decisions` (`status`);--> statement-breakpoint
CREATE INDEX `decisions_created_at_idx` ON `decisions` (`created_at`);--> statement-breakpoint
CREATE TABLE `delegations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`delegated_to` text NOT NULL,
	`delegated_to_folded` text NOT NULL,
	`delegated_by` text DEFAULT 'user' NOT NULL,
	`due_date` text,
	`priority` text DEFAULT 'medium' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`source` text DEFAULT 'user' NOT NULL,
	`source_ref` text,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `delegations_status_due_date_idx` ON `delegations` (`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `delegations_delegated_to_folded_idx` ON `delegations` (`delegated_to_folded`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`source_name` text NOT NULL,
	`doc_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`content_hash` text NOT NULL,
	`modified_at` text NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`has_summary` integer DEFAULT false NOT NULL,
	`ingested_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_path_uq` ON `documents` (`path`);--> statement-breakpoint
CREATE TABLE `event_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`event_source` text NOT NULL,
	`event_type_pattern` text NOT NULL,
	`agent_name` text NOT NULL,
	`instruction_template` text DEFAULT '' NOT NULL,
	`priority` integer DEFAULT 100 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`delivery_channel` text,
	`delivery_config` text,
	`created_by` text DEFAULT 'user' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_rules_name_uq` ON `event_rules` (`name`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`calendar_id` integer NOT NULL,
	`uid` text NOT NULL,
	`recurrence_id` text DEFAULT '' NOT NULL,
	`title` text NOT NULL,
	`start_at` text NOT NULL,
	`end_at` text NOT NULL,
	`all_day` integer DEFAULT false NOT NULL,
	`start_date` text,
	`end_date` text,
	`timezone` text,
	`rrule` text,
	`exdates` text DEFAULT '[]' NOT NULL,
	`show_as` text DEFAULT 'busy' NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`location` text,
	`notes` text,
	`organizer_email` text,
	`attendees` text DEFAULT '[]' NOT NULL,
	`alarms` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`calendar_id`) REFERENCES `calendars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_calendar_uid_recurrence_uq` ON `events` (`calendar_id`,`uid`,`recurrence_id`);--> statement-breakpoint
CREATE INDEX `events_calendar_start_idx` ON `events` (`calendar_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `events_start_at_idx` ON `events` (`start_at`);--> statement-breakpoint
CREATE TABLE `facts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`confidence` real DEFAULT 1 NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'user' NOT NULL,
	`source_ref` text,
	`embedding_status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facts_category_key_uq` ON `facts` (`category`,`key`);--> statement-breakpoint
CREATE INDEX `facts_updated_at_idx` ON `facts` (`updated_at`);--> statement-breakpoint
CREATE TABLE `fallback_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chain_id` text NOT NULL,
	`primary_tool` text NOT NULL,
	`tool` text NOT NULL,
	`attempt` integer NOT NULL,
	`outcome` text NOT NULL,
	`error_code` text,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fallback_events_created_at_idx` ON `fallback_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`canonical_name` text NOT NULL,
	`provider` text NOT NULL,
	`provider_id` text NOT NULL,
	`display_name` text,
	`email` text,
	`metadata` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identities_provider_provider_id_uq` ON `identities` (`provider`,`provider_id`);--> statement-breakpoint
CREATE INDEX `identities_canonical_name_idx` ON `identities` (`canonical_name`);--> statement-breakpoint
CREATE INDEX `identities_email_idx` ON `identities` (`email`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_folded` text NOT NULL,
	`address` text,
	`latitude` real,
	`longitude` real,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_name_folded_uq` ON `locations` (`name_folded`);--> statement-breakpoint
CREATE TABLE `mail_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mailbox_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`thread_id` text,
	`subject` text DEFAULT '' NOT NULL,
	`from_name` text DEFAULT '' NOT NULL,
	`from_address` text DEFAULT '' NOT NULL,
	`to` text DEFAULT '[]' NOT NULL,
	`cc` text DEFAULT '[]' NOT NULL,
	`date` text NOT NULL,
	`body_text` text DEFAULT '' NOT NULL,
	`body_html` text,
	`snippet` text DEFAULT '' NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`flagged` integer DEFAULT false NOT NULL,
	`is_draft` integer DEFAULT false NOT NULL,
	`in_reply_to` text,
	`references` text DEFAULT '[]' NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_messages_mailbox_message_id_uq` ON `mail_messages` (`mailbox_id`,`message_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_mailbox_date_idx` ON `mail_messages` (`mailbox_id`,`date`);--> statement-breakpoint
CREATE INDEX `mail_messages_message_id_idx` ON `mail_messages` (`message_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`cc` text DEFAULT '[]' NOT NULL,
	`bcc` text DEFAULT '[]' NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	`in_reply_to` text,
	`references` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`created_by` text NOT NULL,
	`provider_message_id` text,
	`error` text,
	`sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_idx` ON `mail_outbox` (`status`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_at_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `mailboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account` text NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT 'other' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailboxes_account_name_uq` ON `mailboxes` (`account`,`name`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`external_id` text NOT NULL,
	`conversation_id` integer NOT NULL,
	`channel` text NOT NULL,
	`sender_handle` text NOT NULL,
	`sender_name` text,
	`is_from_me` integer DEFAULT false NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`sent_at` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_provider_external_id_uq` ON `messages` (`provider`,`external_id`);--> statement-breakpoint
CREATE INDEX `messages_sent_at_idx` ON `messages` (`sent_at`);--> statement-breakpoint
CREATE INDEX `messages_conversation_sent_at_idx` ON `messages` (`conversation_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `model_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text,
	`caller` text NOT NULL,
	`model` text NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`cache_read_tokens` integer DEFAULT 0 NOT NULL,
	`cache_creation_tokens` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`outcome` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `model_calls_created_at_idx` ON `model_calls` (`created_at`);--> statement-breakpoint
CREATE INDEX `model_calls_run_id_idx` ON `model_calls` (`run_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`subtitle` text,
	`body` text NOT NULL,
	`urgency` text DEFAULT 'normal' NOT NULL,
	`channels` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`origin` text NOT NULL,
	`run_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_created_at_idx` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_run_id_idx` ON `notifications` (`run_id`);--> statement-breakpoint
CREATE TABLE `reminder_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`color` text,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_lists_name_uq` ON `reminder_lists` (`name`);--> statement-breakpoint
CREATE TABLE `reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`list_id` integer NOT NULL,
	`uid` text NOT NULL,
	`title` text NOT NULL,
	`notes` text,
	`due_date` text,
	`due_at` text,
	`priority` text DEFAULT 'none' NOT NULL,
	`completed` integer DEFAULT false NOT NULL,
	`completed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `reminder_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminders_list_uid_uq` ON `reminders` (`list_id`,`uid`);--> statement-breakpoint
CREATE INDEX `reminders_completed_due_date_idx` ON `reminders` (`completed`,`due_date`);--> statement-breakpoint
CREATE TABLE `scheduled_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`schedule_type` text NOT NULL,
	`schedule_config` text NOT NULL,
	`timezone` text,
	`handler_type` text NOT NULL,
	`handler_config` text DEFAULT '{}' NOT NULL,
	`delivery_channel` text,
	`delivery_config` text,
	`enabled` integer DEFAULT true NOT NULL,
	`next_run_at` text,
	`last_run_at` text,
	`last_status` text,
	`last_error` text,
	`consecutive_failures` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_expires_at` text,
	`created_by` text DEFAULT 'user' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_tasks_name_uq` ON `scheduled_tasks` (`name`);--> statement-breakpoint
CREATE INDEX `scheduled_tasks_enabled_next_run_at_idx` ON `scheduled_tasks` (`enabled`,`next_run_at`);--> statement-breakpoint
CREATE TABLE `shared_memory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`namespace` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`written_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_memory_namespace_key_uq` ON `shared_memory` (`namespace`,`key`);--> statement-breakpoint
CREATE TABLE `skill_suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`signature` text NOT NULL,
	`tool_name` text NOT NULL,
	`patterns` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`suggested_name` text NOT NULL,
	`suggested_capabilities` text DEFAULT '[]' NOT NULL,
	`occurrences` integer DEFAULT 0 NOT NULL,
	`confidence` real DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`agent_name` text,
	`reject_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skill_suggestions_signature_uq` ON `skill_suggestions` (`signature`);--> statement-breakpoint
CREATE INDEX `skill_suggestions_status_confidence_idx` ON `skill_suggestions` (`status`,`confidence`);--> statement-breakpoint
CREATE TABLE `suggestion_state` (
	`key` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`dismissed_at` text,
	`snooze_until` text,
	`last_pushed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `task_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`trigger` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`status` text DEFAULT 'running' NOT NULL,
	`result` text,
	`error` text,
	`delivery` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `scheduled_tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `task_runs_task_id_idx` ON `task_runs` (`task_id`);--> statement-breakpoint
CREATE INDEX `task_runs_started_at_idx` ON `task_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `tool_usage_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tool_name` text NOT NULL,
	`caller_kind` text NOT NULL,
	`agent_name` text,
	`run_id` text,
	`query_pattern` text DEFAULT 'auto' NOT NULL,
	`success` integer NOT NULL,
	`error_code` text,
	`duration_ms` integer,
	`estimated_ms` integer,
	`response_bytes` integer,
	`truncated` integer DEFAULT false NOT NULL,
	`served_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tool_usage_log_tool_name_created_at_idx` ON `tool_usage_log` (`tool_name`,`created_at`);--> statement-breakpoint
CREATE INDEX `tool_usage_log_created_at_idx` ON `tool_usage_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`event_type` text NOT NULL,
	`delivery_id` text NOT NULL,
	`payload` text NOT NULL,
	`payload_bytes` integer NOT NULL,
	`received_via` text NOT NULL,
	`signature_verified` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`matched_rules` text,
	`received_at` text NOT NULL,
	`processed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_events_source_delivery_id_uq` ON `webhook_events` (`source`,`delivery_id`);--> statement-breakpoint
CREATE INDEX `webhook_events_status_idx` ON `webhook_events` (`status`);--> statement-breakpoint
CREATE INDEX `webhook_events_received_at_idx` ON `webhook_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `worker_heartbeat` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` integer NOT NULL,
	`version` text NOT NULL,
	`started_at` text NOT NULL,
	`last_heartbeat_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
