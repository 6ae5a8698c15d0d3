/**
 * Builds the IMAP (and SMTP) account of `providers.mail: imap` from `mail.imap` / `mail.smtp`, resolving `env:`
 * password references. A missing block or password is returned as a NOT_CONFIGURED error that says what to add,
 * which mail tools and `cos doctor` then show.
 */
import { isSecretReference, resolveSecret, type CosConfig, type Logger } from '@chief-of-staff/core';
import { ProviderError } from '../../errors/provider-error.js';
import type { LocalMailProvider } from '../local-mail-provider.js';
import { ImapMailProvider } from './imap-mail-provider.js';
import { createSmtpSender } from './smtp-sender.js';

type MailConfig = Partial<Pick<CosConfig, 'mail'>> & Pick<CosConfig, 'user'>;

const PROVIDER = 'imap-mail';

function missing(message: string, hint: string): ProviderError {
  return new ProviderError('not_configured', message, { provider: PROVIDER, hint, details: { source: 'mail' } });
}

export function imapAccountFrom(config: MailConfig, env: NodeJS.ProcessEnv, local: LocalMailProvider, logger?: Logger): ImapMailProvider | ProviderError {
  const imap = config.mail?.imap;
  if (!imap) {
    return missing(
      'providers.mail is "imap" but there is no mail.imap account.',
      'Add mail.imap with host, user and password (e.g. password: env:COS_IMAP_PASSWORD) to cos.config.yaml.',
    );
  }
  const password = resolveSecret(imap.password, env);
  if (!password) {
    return missing(
      `The IMAP password for ${imap.user} is not set (mail.imap.password is ${isSecretReference(imap.password) ? `${imap.password}, which is unset` : 'empty'}).`,
      'Set the environment variable it names, or point mail.imap.password at one that is set.',
    );
  }
  const smtpConfig = config.mail?.smtp;
  const smtpPassword = smtpConfig ? (resolveSecret(smtpConfig.password, env) ?? password) : undefined;
  const selfAddress = smtpConfig?.from ?? config.user.email ?? (imap.user.includes('@') ? imap.user : `${imap.user}@${imap.host}`);
  const smtp =
    smtpConfig && smtpPassword
      ? createSmtpSender(
          {
            host: smtpConfig.host,
            port: smtpConfig.port ?? (smtpConfig.secure ? 465 : 587),
            secure: smtpConfig.secure,
            user: smtpConfig.user ?? imap.user,
            password: smtpPassword,
            timeoutMs: smtpConfig.timeoutMs,
            allowSelfSignedCertificate: smtpConfig.allowSelfSignedCertificate,
          },
          logger,
        )
      : undefined;
  return new ImapMailProvider({
    settings: {
      host: imap.host,
      port: imap.port ?? (imap.secure ? 993 : 143),
      secure: imap.secure,
      user: imap.user,
      password,
      account: imap.account ?? imap.user,
      syncIntervalSeconds: imap.syncIntervalSeconds,
      timeoutMs: imap.timeoutMs,
      allowSelfSignedCertificate: imap.allowSelfSignedCertificate,
    },
    local,
    smtp,
    selfAddress,
    logger,
  });
}
