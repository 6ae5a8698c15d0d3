/** Today's actions: dismiss or snooze a suggestion in place (dismiss_suggestion), then back to Today. */
import { formatLocalTime } from '../../page-kit/format-local-time.js';
import type { ConsoleRoutes } from '../../page-kit/types.js';

export function todayActions(routes: ConsoleRoutes): void {
  routes.action('/today/suggestions/dismiss', async (ctx) => {
    const key = ctx.form.key ?? '';
    const days = ctx.form.snooze_days ? Number(ctx.form.snooze_days) : undefined;
    const result = await ctx.tool<{ key: string; dismissed_until: string | null }>('dismiss_suggestion', { key, ...(days === undefined ? {} : { snooze_days: days }) });
    return {
      redirect: '/today#attention',
      flash: result.dismissed_until ? `Snoozed until ${formatLocalTime(result.dismissed_until, ctx.timeZone)}.` : 'Dismissed.',
    };
  });
}
