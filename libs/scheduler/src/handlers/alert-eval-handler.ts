/**
 * `alert_eval`: evaluates every enabled alert rule with the same code as `check_alerts`, and notifies for a rule
 * when it first matches, when its cooldown has passed, or when new entities joined its matches. The rule's trigger
 * time and fingerprint are written after a delivery attempt, so a rule is not re-sent within its cooldown.
 */
import { z } from 'zod';
import { alertNotificationText, decideAlertDelivery, evaluateAlertRule, loadAlertData } from '@chief-of-staff/stores';
import type { TaskHandler } from './task-handler.js';

export const alertEvalHandler: TaskHandler<Record<string, never>> = {
  type: 'alert_eval',
  description: 'Evaluates alert rules and notifies for new or cooled-down matches.',
  personal: true,
  config: z.object({}).strict(),
  async run(_config, ctx) {
    const { memory, clock } = ctx;
    const rules = await memory.alertRules.listEnabled();
    const data = await loadAlertData(memory, rules);
    const time = { today: clock.today(), now: clock.now(), timezone: clock.timezone };
    let triggered = 0;
    let notified = 0;
    let suppressed = 0;
    const failures: string[] = [];
    for (const rule of rules) {
      if (ctx.signal.aborted) break;
      let matches;
      try {
        matches = evaluateAlertRule(rule.alertType, rule.condition, data, time);
      } catch (error) {
        failures.push(`${rule.name}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (matches.length === 0) continue;
      triggered += 1;
      const decision = decideAlertDelivery({ lastTriggeredAt: rule.lastTriggeredAt, lastFingerprint: rule.lastFingerprint, cooldownHours: rule.cooldownHours }, matches, clock.now());
      if (!decision.notify) {
        suppressed += 1;
        continue;
      }
      // The body names each match (who, what, how late) so the notification can be acted on without opening anything.
      const text = alertNotificationText({ name: rule.name }, matches, time.today);
      const outcome = ctx.notifications
        ? await ctx.notifications.notify({ title: text.title, body: text.body, urgency: 'normal', origin: 'alert' })
        : { delivered: false, channels: [], error: 'no notifier is configured' };
      if (outcome.error) failures.push(`${rule.name}: ${outcome.error}`);
      await memory.alertRules.recordTrigger(rule.id, { triggeredAt: clock.now().toISOString(), fingerprint: decision.fingerprint });
      notified += 1;
    }
    const data_ = { rules_evaluated: rules.length, rules_triggered: triggered, notified, suppressed, ...(failures.length > 0 ? { failures } : {}) };
    return { data: data_ };
  },
};
