/**
 * Carries out a send or reply under the send policy: a preview for unconfirmed host calls, a real send when the
 * provider can transmit, otherwise a draft (with a notification to the user when an agent wrote it).
 */
import { withProviderErrors, type OutgoingMail } from '@chief-of-staff/providers';
import { requireProvider, type ProviderToolContext } from '../provider-common/provider-services.js';
import { callerLabel } from '../provider-common/caller-label.js';
import { decideSend, DEFAULT_MAIL_POLICY } from './send-policy.js';
import type { SendResultOutput } from './mail-output.js';

const PREVIEW_CHARS = 500;

export async function deliverMail(ctx: ProviderToolContext, mail: OutgoingMail, confirmSend: boolean): Promise<SendResultOutput> {
  const provider = requireProvider(ctx, 'mail');
  const recipients = [...mail.to, ...mail.cc, ...mail.bcc];
  const decision = decideSend(ctx.caller, ctx.services.config?.mail ?? DEFAULT_MAIL_POLICY, recipients, confirmSend);
  if (decision.action === 'preview') {
    return {
      status: 'confirmation_required',
      preview: { to: mail.to, cc: mail.cc, bcc: mail.bcc, subject: mail.subject, body_preview: mail.bodyText.slice(0, PREVIEW_CHARS) },
      warnings: ['Nothing was sent. Show the preview to the user and call again with confirm_send=true once they approve.'],
    };
  }
  const outgoing: OutgoingMail = { ...mail, createdBy: callerLabel(ctx.caller) };
  if (decision.action === 'send' && provider.canSend && provider.send) {
    const send = provider.send.bind(provider);
    const sent = await withProviderErrors(() => send(outgoing));
    return { status: 'sent', message_id: sent.messageId };
  }
  const { draftId } = await withProviderErrors(() => provider.saveDraft(outgoing));
  const warnings: string[] = [];
  if (decision.action === 'send') {
    warnings.push(
      'This mail account cannot transmit: the message was saved to Drafts and the outbox. Send it from your mail app, or connect a mail server account (providers.mail: imap with mail.smtp) to send from here.',
    );
  } else {
    warnings.push(`Saved as a draft for the user to review (${decision.reason}).`);
    const notifier = ctx.services.providers.notifier;
    if (notifier) {
      try {
        await notifier.notify({
          title: 'Draft email saved',
          message: `${callerLabel(ctx.caller)} drafted "${mail.subject}" to ${mail.to.join(', ')}. Review it in Drafts.`,
          urgency: 'normal',
          origin: 'agent',
          // A system notice, not a send_notification call: it does not count against the run's cap.
          runId: null,
        });
      } catch (error) {
        ctx.logger.warn({ err: error }, 'draft notification failed');
      }
    }
  }
  return { status: 'draft_saved', draft_id: draftId, warnings };
}
