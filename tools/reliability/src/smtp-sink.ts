/**
 * An SMTP server in this process (`smtp-server`: no TLS, AUTH PLAIN/LOGIN with one user) that keeps the envelope of
 * every message it accepts, so a send boundary is checked against what really left the product.
 */
import type { AddressInfo } from 'node:net';

export interface ReceivedEnvelope {
  from: string;
  to: string[];
  subject: string;
}

export interface SmtpSink {
  port: number;
  user: string;
  password: string;
  received: ReceivedEnvelope[];
  close(): Promise<void>;
}

interface SmtpSession {
  envelope: { mailFrom: false | { address: string }; rcptTo: Array<{ address: string }> };
}

/** The part of `smtp-server` used here (the package ships no types). */
interface SmtpServerModule {
  SMTPServer: new (options: {
    secure: boolean;
    disabledCommands: string[];
    allowInsecureAuth: boolean;
    authMethods: string[];
    logger: boolean;
    onAuth(auth: { username?: string; password?: string }, session: SmtpSession, callback: (error: Error | null, response?: { user: string }) => void): void;
    onData(stream: NodeJS.ReadableStream, session: SmtpSession, callback: (error?: Error | null) => void): void;
  }) => {
    listen(port: number, host: string, done: () => void): void;
    close(done: () => void): void;
    server: { address(): AddressInfo | string | null };
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const { SMTPServer } = (await import('smtp-server' as string)) as SmtpServerModule;
  const user = 'reliability';
  const password = `smtp-${Math.random().toString(36).slice(2)}`;
  const received: ReceivedEnvelope[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, user, password, received, close: () => new Promise<void>((done) => server.close(done)) };
}
