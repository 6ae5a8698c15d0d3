/**
 * `cos notifications [--since 7d] [--origin alert] [--status failed] [--limit N] [--json]`: the notifications already
 * sent to the user, newest first (the same as the `list_notifications` tool).
 */
import { type Command, InvalidArgumentError } from 'commander';
import { formatTable, reportToolResult } from '../output.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { wholeNumber } from '../options.js';
import { localDateTime, oneLine } from '../text.js';

interface NotificationRow {
  id: number;
  title: string;
  message: string;
  urgency: string;
  status: string;
  channels: string[];
  origin: string;
  sent_at: string;
}

/** `7d` or `12h` back from now, a date (midnight UTC) or an ISO instant, as the ISO instant the tool takes. */
export function sinceValue(value: string): string {
  const text = value.trim();
  const relative = /^(\d+)\s*([dh])$/i.exec(text);
  if (relative) {
    const hours = Number(relative[1]) * (relative[2]?.toLowerCase() === 'd' ? 24 : 1);
    return new Date(Date.now() - hours * 3_600_000).toISOString();
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(Date.parse(text))) return text;
  throw new InvalidArgumentError('Use a span back from now (7d, 12h), a date (2026-11-20) or an ISO time (2026-11-20T09:00:00Z).');
}

export function registerNotificationsCommand(program: Command): void {
  program
    .command('notifications')
    .description('Notifications already sent to you (alerts, scheduled results, agents), newest first.')
    .option('--since <when>', 'only those sent since: 7d, 12h, a date or an ISO time', sinceValue)
    .option('--origin <origin>', 'only those from: tool, scheduler, alert or agent')
    .option('--status <status>', 'only those that were: delivered, logged or failed')
    .option('--limit <n>', 'how many to show (1–200)', wholeNumber('--limit', 1, 200), 25)
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos notifications --since 7d\n  cos notifications --origin alert --json')
    .action((options: { since?: string; origin?: string; status?: string; limit: number; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const args = {
          limit: options.limit,
          ...(options.since === undefined ? {} : { since: options.since }),
          ...(options.origin === undefined ? {} : { origin: options.origin }),
          ...(options.status === undefined ? {} : { status: options.status }),
        };
        const result = await callWithSpinner(cos, 'list_notifications', args, 'Listing notifications…');
        reportToolResult(result, options.json === true, (value) => {
          const items = value['items'] as NotificationRow[];
          if (items.length === 0) return 'No notifications sent yet for these filters.';
          const table = formatTable(
            ['id', 'sent', 'from', 'status', 'title', 'message'],
            items.map((n) => [
              String(n.id),
              localDateTime(n.sent_at, cos.config.timezone),
              n.origin,
              n.urgency === 'high' ? `${n.status} (high)` : n.status,
              oneLine(n.title, 40),
              oneLine(n.message, 70),
            ]),
          );
          const total = typeof value['total'] === 'number' ? value['total'] : items.length;
          return total > items.length ? `${table}\n\n${items.length} of ${total} shown; see more with --limit or narrow with --since.` : table;
        });
      }),
    );
}
