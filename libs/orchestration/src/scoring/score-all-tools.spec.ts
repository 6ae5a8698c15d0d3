import { describe, expect, it } from '@jest/globals';
import { createToolIntelligenceRegistry, type CatalogueToolInfo, type ToolIntelligenceOverride } from '../registry/tool-intelligence-registry.js';
import { scoreAllTools } from './score-all-tools.js';

const tools: CatalogueToolInfo[] = [
  { name: 'get_calendar_events', title: 'Calendar events', description: 'Events in a date range.', latency: 'fast' },
  { name: 'create_calendar_event', title: 'Create calendar event', description: 'Adds an event.', latency: 'fast' },
  { name: 'send_email', title: 'Send email', description: 'Sends an email.', latency: 'medium' },
  { name: 'query_memory', title: 'Query memory', description: 'Searches remembered facts.', latency: 'fast' },
  { name: 'web__search', title: 'Web search', description: 'Searches the web.' },
  { name: 'web__deep', title: 'Deep research', description: 'Slow, thorough research.' },
  { name: 'gov__query', title: 'Official data', description: 'Government statistics.' },
];
const overrides: Record<string, ToolIntelligenceOverride> = {
  'web__search': { domain: 'web_research', priority: 85, intentSignals: [{ keywords: ['search', 'news'], weight: 80 }] },
  'web__deep': {
    domain: 'web_research',
    priority: 90,
    hierarchy: ['web__search'],
    latency: { typicalMs: 60_000, timeoutMs: 300_000, userFeedbackDelayMs: 1_000 },
    intentSignals: [{ keywords: ['research', 'news'], weight: 80 }],
    conflictsWith: ['web__search'],
  },
  'gov__query': { domain: 'official_data', priority: 95, intentSignals: [{ keywords: ['unemployment', 'אבטלה'], weight: 95, exclusiveIntent: 'official_data' }] },
};
const registry = createToolIntelligenceRegistry({ tools, overrides });
const names = tools.map((tool) => tool.name);
const top = (query: string) => scoreAllTools(query, names, { registry }).map((score) => score.tool);

describe('scoreAllTools', () => {
  it('finds Hebrew requests through prefixed words ("ביומן", "והפגישה", "למייל")', () => {
    expect(top('מה יש לי ביומן מחר')[0]).toBe('get_calendar_events');
    expect(top('תוסיף את הפגישה ליומן')[0]).toBe('create_calendar_event');
    expect(top('תשלח למייל של נועה')[0]).toBe('send_email');
  });

  it('lets the action decide within a domain, and prefers reading when no action is asked for', () => {
    expect(top('add a meeting with Dana tomorrow')[0]).toBe('create_calendar_event');
    expect(top('what is on my calendar tomorrow')[0]).toBe('get_calendar_events');
  });

  it('abstains when nothing fits', () => {
    expect(top('tell me a joke')).toEqual([]);
    expect(top('ספר לי בדיחה')).toEqual([]);
  });

  it('keeps only the chain of an exclusive intent', () => {
    expect(top('unemployment news')).toEqual(['gov__query']);
    expect(top('נתוני אבטלה')).toEqual(['gov__query']);
  });

  it('boosts a chain head, drops what it conflicts with, and penalises slow tools for urgent requests', () => {
    const calm = scoreAllTools('news about the market', names, { registry });
    expect(calm.map((score) => score.tool)).toEqual(['web__deep']);
    // Asked for speed, the slow research tool loses enough that the quick search wins (and the conflict drops it).
    const urgent = scoreAllTools('quick news about the market', names, { registry });
    expect(urgent.map((score) => score.tool)).toEqual(['web__search']);
    const all = scoreAllTools('quick news about the market', names, { registry, eligibility: false });
    expect(all.find((score) => score.tool === 'web__deep')?.score).toBeLessThan(calm[0]?.score ?? 0);
  });

  it('explains each score', () => {
    const [score] = scoreAllTools('add a meeting with Dana tomorrow', names, { registry });
    expect(score?.explain).toMatch(/^I=0\.\d\d Lx=\d\.\d\d P=0\.\d\d/);
    expect(score?.matchedSignals).toEqual(expect.arrayContaining(['meeting', 'action:add']));
    expect(score?.confidenceLevel).toBe('high');
  });

  it('ranks every tool without the cut-off for tool_search', () => {
    expect(scoreAllTools('tell me a joke', names, { registry, eligibility: false })).toHaveLength(names.length);
  });
});
