/**
 * `cos enrich "<name>"`: everything known about one person in one call (enrich_person) — identities, facts,
 * delegations, decisions, recent messages and emails — rendered as readable sections. A name that fits several people
 * is answered with the question of which one is meant (exit 0: nothing failed, the answer is a question).
 */
import type { Command } from 'commander';
import { printWarnings, reportToolResult } from '../output.js';
import { callWithSpinner, withChiefOfStaff } from '../open-cos.js';
import { wholeNumber } from '../options.js';
import { localDateTime, oneLine, paint } from '../text.js';

interface SourceReport {
  status: string;
  duration_ms: number;
  count: number;
  message?: string;
}

interface PersonProfile {
  name: string;
  resolved_name?: string;
  label: string;
  candidates?: { canonical_name: string; emails: string[] }[];
  identities?: { provider: string; provider_id: string; email: string | null; display_name: string | null }[];
  facts?: { category: string; key: string; value: string; confidence: number; score: number }[];
  delegations?: { task: string; due_date: string | null; priority: string; status: string; id: number }[];
  decisions?: { title: string; status: string; created_at: string; id: number }[];
  recent_messages?: { sender: string; text: string; date: string; channel: string }[];
  recent_emails?: { subject: string; from: string; date: string; message_id: string }[];
  sources: Record<string, SourceReport>;
  warnings?: string[];
}

function section(title: string, lines: string[] | undefined): string[] {
  if (!lines || lines.length === 0) return [];
  return ['', paint('bold', title), ...lines.map((line) => `  ${line}`)];
}

/** "A, B and C". */
function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** The question asked instead of a profile when the name fits several people. */
export function renderCandidates(name: string, candidates: NonNullable<PersonProfile['candidates']>): string {
  const names = candidates.map((candidate) => candidate.canonical_name);
  const width = Math.max(...names.map((candidate) => candidate.length));
  return [
    `${name} matches ${listInWords(names)} — which one?`,
    ...candidates.map((candidate) => `  ${candidate.canonical_name.padEnd(width)}  ${candidate.emails.join(', ')}`.trimEnd()),
    '',
    paint('dim', `Ask again with the full name, an email or a handle, e.g. cos enrich "${names[0] ?? name}"`),
  ].join('\n');
}

export function renderProfile(profile: PersonProfile, zone: string, daysBack: number): string {
  if (profile.candidates && profile.candidates.length > 0) return renderCandidates(profile.name, profile.candidates);
  const lines = [paint('bold', profile.label)];
  if (profile.resolved_name) lines.push(`(matched "${profile.name}" to ${profile.resolved_name})`);
  lines.push(
    ...section(
      'Identities',
      profile.identities?.map((identity) => `${identity.provider}: ${identity.provider_id}${identity.display_name ? ` (${identity.display_name})` : ''}`),
    ),
    ...section('Facts', profile.facts?.map((fact) => `${fact.key}: ${oneLine(fact.value, 100)}${fact.confidence < 1 ? ` (confidence ${fact.confidence})` : ''}`)),
    ...section(
      'Delegated to them',
      profile.delegations?.map((item) => `#${item.id} ${item.task} — ${item.status}, ${item.priority}${item.due_date ? `, due ${item.due_date}` : ''}`),
    ),
    ...section('Decisions', profile.decisions?.map((item) => `#${item.id} ${item.title} — ${item.status}, ${item.created_at.slice(0, 10)}`)),
    ...section(
      `Messages (last ${daysBack} days)`,
      profile.recent_messages?.map((message) => `${localDateTime(message.date, zone)} ${message.sender} (${message.channel}): ${oneLine(message.text, 120)}`),
    ),
    ...section(
      `Emails (last ${daysBack} days)`,
      profile.recent_emails?.map((email) => `${localDateTime(email.date, zone)} ${oneLine(email.subject, 80)} — ${email.from}`),
    ),
  );
  const notes = Object.entries(profile.sources)
    .filter(([, report]) => report.status !== 'ok' && report.status !== 'empty')
    .map(([name, report]) => `${name.replace('_', ' ')}: ${report.status}${report.message ? ` (${report.message})` : ''}`);
  const found = Object.values(profile.sources).some((report) => report.count > 0);
  if (!found) lines.push('', `Nothing found about "${profile.name}". Try their full name, an email address or a handle.`);
  if (notes.length > 0) lines.push('', paint('dim', `Not included: ${notes.join('; ')}`));
  return lines.join('\n');
}

export function registerEnrichCommand(program: Command): void {
  program
    .command('enrich')
    .description('Show everything known about one person: identities, facts, delegations, decisions, recent messages and email.')
    .argument('<name>', "the person's name, email or handle (or part of it)")
    .option('--days <n>', 'how many days of messages and email (1–90, default 7)', wholeNumber('--days', 1, 90))
    .option('--json', 'print machine-readable JSON')
    .addHelpText('after', '\nExamples:\n  cos enrich "Dana Reed"\n  cos enrich dana@example.com --days 30')
    .action((name: string, options: { days?: number; json?: boolean }) =>
      withChiefOfStaff(async (cos) => {
        const days = options.days ?? 7;
        const result = await callWithSpinner(cos, 'enrich_person', { name, days_back: days }, `Gathering what is known about ${name}…`);
        reportToolResult(result, options.json === true, (value) => {
          const profile = value as unknown as PersonProfile;
          printWarnings(profile.warnings);
          return renderProfile(profile, cos.config.timezone, days);
        });
      }),
    );
}
