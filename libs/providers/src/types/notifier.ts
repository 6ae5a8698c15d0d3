/**
 * The notifier contract (docs/reference/tool-catalogue.md#personal-data-providers): deliver a short notice to the
 * user through whatever the machine offers.
 */

export type NotificationUrgency = 'low' | 'normal' | 'high';
export type NotificationOrigin = 'tool' | 'scheduler' | 'alert' | 'agent';

export interface NotificationRequest {
  title: string;
  message: string;
  subtitle?: string | null;
  urgency?: NotificationUrgency;
  sound?: boolean;
  origin?: NotificationOrigin;
  /** The agent run that sent it, for the per-run cap. */
  runId?: string | null;
}

export interface NotificationOutcome {
  /** `delivered` when at least one channel beyond the log accepted it. */
  status: 'delivered' | 'logged';
  /** Channels that accepted it, e.g. `desktop`, `webhook`, `log`. */
  channels: string[];
  notificationId: number;
  /** Channels that were tried and failed, with a short reason (never thrown: the log always holds it). */
  failures: { channel: string; reason: string }[];
}

export interface Notifier {
  readonly name: string;
  notify(request: NotificationRequest): Promise<NotificationOutcome>;
  /** How many notifications an agent run has sent so far. */
  countForRun(runId: string): Promise<number>;
}
