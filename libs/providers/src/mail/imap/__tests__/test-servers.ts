/**
 * Real servers for the account tests: Dovecot (Debian `dovecot-imapd`, started per suite on a free 127.0.0.1 port
 * from tools/test-servers/dovecot.conf.template) and an in-process SMTP server (`smtp-server`) that keeps what it
 * receives (also used by the sync benchmark, so nothing here depends on Jest).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, INSTALL_SCRIPT } from '../../../testing/local-servers.js';

export { freePort, INSTALL_SCRIPT } from '../../../testing/local-servers.js';

const TEMPLATE = resolve(import.meta.dirname, '..', '..', '..', '..', '..', '..', 'tools', 'test-servers', 'dovecot.conf.template');

export function dovecotBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['dovecot'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}


async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

export interface DovecotServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Stops the server (its mail stays on disk); `start()` brings it back on the same port with the same mail. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its mail. */
  dispose(): Promise<void>;
}

export async function startDovecot(): Promise<DovecotServer> {
  const binary = dovecotBinary();
  if (!binary) throw new Error(`Dovecot is not installed; run bash ${INSTALL_SCRIPT}`);
  const root = mkdtempSync(join(tmpdir(), 'cos-dovecot-'));
  const port = await freePort();
  const me = userInfo();
  // Mail processes never run as root: as root the mail belongs to `nobody`; otherwise everything runs as the caller.
  const asRoot = me.uid === 0;
  const mailUid = asRoot ? 65534 : me.uid;
  const mailGid = asRoot ? 65534 : me.gid;
  for (const dir of ['run', 'state', 'mail', 'home']) mkdirSync(join(root, dir), { recursive: true });
  if (asRoot) {
    // Dovecot's auth and mail processes run as unprivileged users and must reach the files inside.
    chmodSync(root, 0o755);
    for (const dir of ['mail', 'home']) chownSync(join(root, dir), mailUid, mailGid);
  }
  const user = 'test';
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  writeFileSync(join(root, 'users'), `${user}:{PLAIN}${password}\n`);
  const runAs = asRoot ? '' : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}\ndefault_internal_group = ${me.username}`;
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('${ROOT}', root)
    .replaceAll('${PORT}', String(port))
    .replaceAll('${MAIL_UID}', String(mailUid))
    .replaceAll('${MAIL_GID}', String(mailGid))
    .replaceAll('${RUN_AS}', runAs);
  const configFile = join(root, 'dovecot.conf');
  writeFileSync(configFile, config);
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, ['-F', '-c', configFile], { stdio: 'ignore' });
    await waitForPort(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((done) => {
      running.once('exit', () => done());
      running.kill('SIGTERM');
    });
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  user: string;
  password: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server (no TLS, AUTH PLAIN/LOGIN with one user) that keeps every message it accepts. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const { SMTPServer } = await import('smtp-server');
  const user = 'test';
  const password = `smtp-${Math.random().toString(36).slice(2)}`;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  return { port, user, password, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

export interface CuttableProxy {
  port: number;
  /** Drops every connection once this many more bytes have gone from the server to the client. */
  cutAfter(bytes: number): void;
  /** Sever all current connections now; new ones still go through. */
  cutNow(): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of a server, to break a connection in the middle of a transfer (a server going away). */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<import('node:net').Socket>();
  let budget = Infinity;
  const cutNow = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      budget -= chunk.length;
      if (budget <= 0) {
        budget = Infinity;
        cutNow();
        return;
      }
      client.write(chunk);
    });
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  return {
    port,
    cutAfter(bytes) {
      budget = bytes;
    },
    cutNow,
    close: () =>
      new Promise<void>((done) => {
        cutNow();
        server.close(() => done());
      }),
  };
}
