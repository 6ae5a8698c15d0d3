/**
 * Who may send mail, and when (docs/security.md#sending). Hosts, the CLI and the console send only with confirm_send=true and
 * otherwise get a preview. Agents and unattended callers (scheduler, webhooks) ignore confirm_send: with
 * `mail.agentSendMode` `draft` they always save a draft; with `allow_list` they send only when every recipient is on
 * `mail.agentSendAllowList` (exact address or `@domain`); `send` lets them send.
 */
import { isPersonCaller, type CosConfig, type ToolCaller } from '@chief-of-staff/core';

export type SendDecision = { action: 'preview' } | { action: 'send' } | { action: 'draft'; reason: string };

export type MailPolicy = Pick<CosConfig['mail'], 'agentSendMode' | 'agentSendAllowList'>;

export const DEFAULT_MAIL_POLICY: MailPolicy = { agentSendMode: 'draft', agentSendAllowList: [] };

/** True when `address` equals an entry, or its domain matches an `@domain` entry (case-insensitive). */
export function onAllowList(address: string, allowList: readonly string[]): boolean {
  const lower = address.trim().toLowerCase();
  const domain = lower.slice(lower.lastIndexOf('@'));
  return allowList.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('@') ? rule === domain : rule === lower;
  });
}

export function decideSend(caller: ToolCaller, policy: MailPolicy, recipients: readonly string[], confirmSend: boolean): SendDecision {
  if (isPersonCaller(caller)) return confirmSend ? { action: 'send' } : { action: 'preview' };
  if (policy.agentSendMode === 'send') return { action: 'send' };
  if (policy.agentSendMode === 'allow_list') {
    const outside = recipients.filter((address) => !onAllowList(address, policy.agentSendAllowList));
    return outside.length === 0
      ? { action: 'send' }
      : { action: 'draft', reason: `${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not on mail.agentSendAllowList` };
  }
  return { action: 'draft', reason: 'mail.agentSendMode is "draft"' };
}
