/** What the scheduler tools return, as the Schedules pages and their actions read it. */
export interface ScheduledTask {
  id: number;
  name: string;
  description: string;
  schedule_type: string;
  schedule_config: Record<string, unknown>;
  timezone: string | null;
  handler_type: string;
  delivery_channel: string | null;
  enabled: boolean;
  next_run_at: string | null;
  last_run_at: string | null;
  last_status: string | null;
  last_error: string | null;
  consecutive_failures: number;
  running: boolean;
  created_by: string;
}

export interface TaskRun {
  id: number;
  task_id: number;
  trigger: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  result?: unknown;
  error: string | null;
  delivery?: unknown;
}

export interface SchedulerStatus {
  worker: { running: boolean; pid: number | null; last_heartbeat_at: string | null };
  tasks: number;
  enabled: number;
  due_now: number;
  running: number;
  problems: { id: number; name: string; enabled: boolean; last_status: string | null; last_error: string | null; consecutive_failures: number }[];
}
