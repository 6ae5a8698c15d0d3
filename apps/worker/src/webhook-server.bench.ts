/**
 * The webhook receiver on loopback: signed deliveries through the real HTTP server, signature check and durable
 * store (SQLite, WAL) before each 202. Figures: latency per delivery (p95 to durable store) and throughput with 16
 * deliveries in flight. The peer is a bare Node HTTP server that reads the body and answers 202 — the floor any
 * receiver on this machine pays. Sources are spread so the per-source rate limit (60/min) never triggers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '@chief-of-staff/core';
import { signPayload } from '@chief-of-staff/capabilities';
import { createChiefOfStaff, type ChiefOfStaff } from '@chief-of-staff/sdk';
import { startWebhookServer } from './webhook-server.js';

const SECRET = 'bench-secret-0123456789';
const SOURCES = 400;
const BURST = 1_600;
const IN_FLIGHT = 16;

let dir = '';
let cos: ChiefOfStaff | undefined;
let receiver: { url: string; close(): Promise<void> } | undefined;
let peer: Server | undefined;
let peerUrl = '';
let sent = 0;
const throughput: Record<string, number> = {};

function delivery(base: string, secure: boolean): Promise<number> {
  const index = sent++;
  const body = JSON.stringify({ event_type: 'ticket.created', id: `d-${index}`, ticket: { id: index, title: 'Printer on fire', body: 'x'.repeat(600) } });
  const source = `src${index % SOURCES}`;
  return fetch(secure ? `${base}/${source}` : base, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(secure ? { 'x-hub-signature-256': signPayload(SECRET, body) } : {}) },
  }).then(async (response) => {
    await response.arrayBuffer();
    if (response.status !== 202) throw new Error(`unexpected ${response.status}`);
    return response.status;
  });
}

async function burst(base: string, secure: boolean, label: string): Promise<void> {
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < BURST) {
      next += 1;
      await delivery(base, secure);
    }
  }));
  throughput[label] = BURST / ((performance.now() - started) / 1000);
}

async function setupReceiver(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'cos-bench-webhooks-'));
  const sources = Object.fromEntries(Array.from({ length: SOURCES }, (_, i) => [`src${i}`, { secret: SECRET }]));
  cos = await createChiefOfStaff({ dataDir: dir, config: { webhooks: { sources, autoDispatch: false } }, env: {}, logger: createSilentLogger(), semanticRecall: false });
  receiver = await startWebhookServer({ host: '127.0.0.1', port: 0, maxBodyBytes: 262_144, receiver: cos.webhooks, onError: () => undefined });
}

async function setupPeer(): Promise<void> {
  peer = createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => response.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"accepted"}'));
  });
  await new Promise<void>((resolve) => peer?.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/`;
}

export const benchmarks = [
  {
    name: 'webhooks: bare HTTP 202, no checks (peer)',
    setup: setupPeer,
    fn: () => delivery(peerUrl, false),
    iterations: 400,
    time: 0,
  },
  {
    name: `webhooks: bare HTTP 202, ${BURST} requests with ${IN_FLIGHT} in flight (peer)`,
    fn: () => burst(peerUrl, false, 'peer_requests_per_s'),
    iterations: 1,
    time: 0,
    teardown: () => new Promise<void>((resolve) => peer?.close(() => resolve())),
    metrics: () => ({ requests_per_s: throughput['peer_requests_per_s'] ?? 0 }),
  },
  {
    name: 'webhooks: signed delivery to durable store (202)',
    setup: setupReceiver,
    fn: () => delivery(receiver?.url ?? '', true),
    iterations: 400,
    time: 0,
    peer: 'webhooks: bare HTTP 202, no checks (peer)',
  },
  {
    name: `webhooks: ${BURST} signed deliveries to durable store, ${IN_FLIGHT} in flight`,
    fn: () => burst(receiver?.url ?? '', true, 'requests_per_s'),
    iterations: 1,
    time: 0,
    teardown: async () => {
      await receiver?.close();
      await cos?.close();
      rmSync(dir, { recursive: true, force: true });
    },
    metrics: () => ({ requests_per_s: throughput['requests_per_s'] ?? 0 }),
  },
];
