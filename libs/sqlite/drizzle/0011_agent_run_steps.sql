CREATE TABLE `agent_run_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`seq` integer NOT NULL,
	`round` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`ok` integer NOT NULL,
	`error_code` text,
	`stop_reason` text,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`input_tokens` integer DEFAULT 0 NOT NULL,
	`output_tokens` integer DEFAULT 0 NOT NULL,
	`untrusted` integer DEFAULT false NOT NULL,
	`truncated` integer DEFAULT false NOT NULL,
	`arguments_preview` text,
	`result_preview` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_run_steps_run_id_seq_uq` ON `agent_run_steps` (`run_id`,`seq`);--> statement-breakpoint
CREATE INDEX `agent_run_steps_created_at_idx` ON `agent_run_steps` (`created_at`);