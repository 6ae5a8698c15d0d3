import { describe, expect, it } from '@jest/globals';
import { createToolIntelligenceRegistry, type CatalogueToolInfo, type ToolIntelligenceOverride } from '../registry/tool-intelligence-registry.js';
import { DEFAULT_MIN_SCORE, fitsRequest, fittingTools, scoreAllTools } from './score-all-tools.js';
import { LEAD } from './fusion.js';
import { leadOf } from './tool-score.js';

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

  it('reads a Hebrew action said to a woman as it reads it said to a man ("תוסיפי", "תשלחי")', () => {
    expect(top('תוסיפי את הפגישה ליומן')[0]).toBe('create_calendar_event');
    const send = scoreAllTools('תשלחי מייל לנועה', names, { registry })[0];
    expect(send?.tool).toBe('send_email');
    expect(send?.matchedSignals).toContain('action:תשלחי');
  });

  it('meets a typo as its correction, in the index and in the keywords ("calender", "emial")', () => {
    const calendar = scoreAllTools('whats on my calender', names, { registry })[0];
    expect(calendar?.tool).toBe('get_calendar_events');
    expect(calendar?.matchedSignals).toContain('calendar');
    expect(top('send an emial to Dana')[0]).toBe('send_email');
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
    // Words, keywords and meaning agree: a clear match.
    const semanticSimilarity = (tool: string) => (tool === 'create_calendar_event' ? 0.75 : 0.2);
    const [score] = scoreAllTools('add a meeting with Dana tomorrow', names, { registry, semanticSimilarity });
    expect(score?.explain).toMatch(/^Lc=\d\.\d\d Lr=\d\.\d\d S=\d\.\d\d I=0\.\d\d P=0\.\d\d/);
    expect(score?.matchedSignals).toEqual(expect.arrayContaining(['meeting', 'action:add']));
    expect(score?.confidenceLevel).toBe('high');
  });

  it('ranks every tool without the cut-off for tool_search', () => {
    expect(scoreAllTools('tell me a joke', names, { registry, eligibility: false })).toHaveLength(names.length);
  });
});

describe('scoreAllTools: retrieval as the backbone, keywords as a boost', () => {
  const catalogue: CatalogueToolInfo[] = [
    { name: 'get_calendar_events', title: 'Calendar events', description: 'Events of your calendar in a date range.', latency: 'fast' },
    { name: 'search_calendar_events', title: 'Search calendar events', description: 'Finds calendar events by text.', latency: 'fast' },
    { name: 'create_calendar_event', title: 'Create calendar event', description: 'Adds an event to your calendar.', latency: 'fast' },
    { name: 'list_webhook_events', title: 'Webhook events', description: 'Lists received webhook deliveries, including the ones that failed to process.', latency: 'fast' },
    { name: 'list_scheduled_tasks', title: 'Scheduled tasks', description: 'Lists the scheduled jobs that run on their own, with their next run.', latency: 'fast' },
    { name: 'create_delegation', title: 'Create delegation', description: 'Records a task you handed to someone, with its owner and due date.', latency: 'fast', inputSchema: { properties: { owner: { description: 'Who the task is delegated to' }, due: { description: 'Due date' } } } },
    { name: 'acme__convert_currency', title: 'Convert currency', description: 'Converts an amount between currencies at today\'s rate.' },
  ];
  const catalogueRegistry = createToolIntelligenceRegistry({ tools: catalogue });
  const all = catalogue.map((tool) => tool.name);
  const rank = (query: string, options: { semanticSimilarity?: (tool: string) => number | undefined } = {}) =>
    scoreAllTools(query, all, { registry: catalogueRegistry, ...options }).map((score) => score.tool);

  it('finds a tool from what its description says, even where the keyword lists point elsewhere', () => {
    expect(rank('show webhook events that failed')[0]).toBe('list_webhook_events');
    expect(rank('which scheduled jobs do I have')[0]).toBe('list_scheduled_tasks');
    expect(rank('delegate the budget review to Noa, due next Monday').slice(0, 4)).toContain('create_delegation');
  });

  it('finds third-party tools known only by name and description', () => {
    expect(rank('convert 100 dollars to euros, what is the currency rate')[0]).toBe('acme__convert_currency');
  });

  it('abstains instead of filling the list with calendar tools when nothing fits', () => {
    expect(rank('how do I bake sourdough bread')).toEqual([]);
    expect(rank('write a haiku about autumn leaves')).toEqual([]);
  });

  it('fuses a semantic similarity when the caller has one, and answers from words alone for tools without a vector', () => {
    const near = (tool: string) => (tool === 'list_scheduled_tasks' ? 0.9 : tool === 'acme__convert_currency' ? undefined : 0.1);
    expect(rank('what runs by itself every night', { semanticSimilarity: near })[0]).toBe('list_scheduled_tasks');
    const [score] = scoreAllTools('what runs by itself every night', all, { registry: catalogueRegistry, semanticSimilarity: near });
    expect(score?.explain).toMatch(/S=0\.\d\d/);
    expect(score?.matchedSignals.some((signal) => signal.startsWith('semantic:'))).toBe(true);
    expect(rank('convert currency', { semanticSimilarity: near })[0]).toBe('acme__convert_currency');
  });

  it('says how sure it is: high for a clear match, lower for a partial one', () => {
    const [clear] = scoreAllTools('show the webhook deliveries that failed to process', all, { registry: catalogueRegistry });
    expect(clear?.confidenceLevel).toBe('high');
    const weak = scoreAllTools('webhook recipes for sourdough bread', all, { registry: catalogueRegistry, eligibility: false }).find((score) => score.tool === 'list_webhook_events');
    expect(weak?.confidenceLevel).not.toBe('high');
  });
});

describe('scoreAllTools: keywords that give way, and offering only on corroborated evidence', () => {
  const catalogue: CatalogueToolInfo[] = [
    { name: 'get_calendar_events', title: 'Calendar events', description: 'Events of your calendar in a date range.', latency: 'fast' },
    { name: 'create_calendar_event', title: 'Create calendar event', description: 'Adds an event to your calendar.', latency: 'fast' },
    { name: 'create_reminder', title: 'Create reminder', description: 'Adds a reminder to a reminders list, with an optional due date.', latency: 'fast' },
    { name: 'get_mail_messages', title: 'Mail messages', description: 'Lists the messages of a mailbox.', latency: 'fast' },
    { name: 'search_identity', title: 'Search identities', description: "Finds a person's linked handles and addresses across services.", latency: 'fast' },
    { name: 'update_scheduled_task', title: 'Update scheduled task', description: 'Changes a scheduled job: its schedule, or whether it is enabled.', latency: 'fast' },
    { name: 'create_scheduled_task', title: 'Create scheduled task', description: 'Adds a job that runs on a schedule.', latency: 'fast' },
  ];
  const keywordRegistry = createToolIntelligenceRegistry({ tools: catalogue });
  const all = catalogue.map((tool) => tool.name);
  const rank = (query: string) => scoreAllTools(query, all, { registry: keywordRegistry, eligibility: false }).map((score) => score.tool);

  it('lets a day word lean towards the calendar without outweighing a reminder that is asked for', () => {
    expect(rank('remind me thursday to renew the parking permit')[0]).toBe('create_reminder');
    expect(rank('תזכיר לי ביום חמישי לחדש את התו חניה')[0]).toBe('create_reminder');
    expect(rank("what's on thursday")[0]).toBe('get_calendar_events');
  });

  it('gives a keyword inside a longer keyword of another domain to that domain ("email address" is identity)', () => {
    const signalsOf = (query: string, tool: string) => scoreAllTools(query, all, { registry: keywordRegistry, eligibility: false }).find((score) => score.tool === tool)?.matchedSignals ?? [];
    expect(rank("what's Dana's email address")[0]).toBe('search_identity');
    expect(signalsOf("what's Dana's email address", 'get_mail_messages')).not.toContain('email');
    expect(signalsOf('any new email from Dana', 'get_mail_messages')).toContain('email');
    expect(rank('any new email from Dana')[0]).toBe('get_mail_messages');
  });

  it('tells tools the words point to alike apart by the action asked for, without a keyword of their domain', () => {
    expect(rank('pause the nightly backup job')[0]).toBe('update_scheduled_task');
  });

  it('reads a contraction as a function word, not as a misspelt keyword', () => {
    const wider: CatalogueToolInfo[] = [
      ...catalogue,
      { name: 'get_messages', title: 'Messages', description: 'Lists recent chat messages of every channel.', latency: 'fast' },
      { name: 'create_event_rule', title: 'Create event rule', description: 'Make a rule that sends matching webhook events to an agent.', latency: 'fast' },
    ];
    const widerRegistry = createToolIntelligenceRegistry({ tools: wider });
    const offered = (query: string) => scoreAllTools(query, wider.map((tool) => tool.name), { registry: widerRegistry }).map((score) => score.tool);
    // "that's" is one edit from "chats", and "what's" from "whats": a function word is not a misspelt keyword.
    expect(offered("thanks, that's all")).toEqual([]);
    expect(offered('show my chats')[0]).toBe('get_messages');
    expect(rank('pause the nightly backup job')[0]).toBe('update_scheduled_task');
  });

  it('offers a best tool under the firm score only when more than one kind of evidence points to it', () => {
    // One shared word, no meaning: the cut-off is cleared but nothing is offered.
    const haiku = (tool: string) => (tool === 'get_mail_messages' ? 0.3 : 0.2);
    const ranked = scoreAllTools('read me a haiku about the messages of autumn', all, { registry: keywordRegistry, eligibility: false, semanticSimilarity: haiku });
    expect(ranked[0]?.corroborated).toBe(false);
    expect(fitsRequest({ score: 0.35, corroborated: false })).toBe(false);
    expect(fitsRequest({ score: 0.35, corroborated: true })).toBe(true);
    expect(fitsRequest({ score: 0.45, corroborated: false })).toBe(true);
    expect(fitsRequest({ score: 0.25, corroborated: true })).toBe(false);
    expect(fitsRequest(undefined)).toBe(false);
    // A keyword of the tool's domain corroborates it.
    expect(scoreAllTools('add a calendar event', all, { registry: keywordRegistry, eligibility: false })[0]?.corroborated).toBe(true);
  });

  it('offers an uncorroborated best tool over the cut-off when it is far ahead of the rest of the ranking, and only then', () => {
    const ranking = (best: number, rest: number[]) => [{ tool: 'best', score: best, corroborated: false }, ...rest.map((score, i) => ({ tool: `t${i}`, score, corroborated: false }))];
    // Far ahead of nine tools that barely matched: its words are the request's strongest evidence by far.
    const ahead = ranking(0.32, [0.15, 0.14, 0.14, 0.13, 0.13, 0.12, 0.12, 0.11, 0.11]);
    expect(leadOf(ahead)).toBeGreaterThan(LEAD.zFit);
    expect(fittingTools(ahead)[0]?.tool).toBe('best');
    // Just ahead of others that match about as well: one shared word, as before.
    const close = ranking(0.34, [0.33, 0.3, 0.28, 0.26, 0.25, 0.24, 0.22, 0.2, 0.2]);
    expect(leadOf(close)).toBeLessThan(LEAD.zFit);
    expect(fittingTools(close)).toEqual([]);
    // The lead does not lift a tool under the cut-off, nor one the request's ask does not point to.
    expect(fittingTools(ranking(0.28, [0.05, 0.05, 0.04, 0.04, 0.03]))).toEqual([]);
    expect(fitsRequest({ score: 0.32, corroborated: false, foreignAsk: true }, DEFAULT_MIN_SCORE, 20)).toBe(false);
    // Too few tools after the best make no ranking to lead.
    expect(leadOf(ranking(0.4, [0.1, 0.1]))).toBeUndefined();
    // Tools past the first LEAD.depth are not read: a longer list decides the same.
    expect(leadOf([...ahead, ...ranking(0.3, [0.3, 0.3, 0.3])])).toBeCloseTo(leadOf(ahead) as number);
  });

  it('lets a keyword of question words alone ("how many", "כמה") count only as far as the meaning agrees', () => {
    const counting: CatalogueToolInfo[] = [
      ...catalogue,
      {
        name: 'get_unread_count',
        title: 'Unread count',
        description: 'How many unread messages each mailbox holds.',
        latency: 'fast',
        // The keywords its definition declares, as the sdk hands them over.
        examples: { en: [], he: [], keywords: { weight: 90, en: ['how many', 'unread count'], he: ['כמה'] } },
      },
      { name: 'enrich_person', title: 'Enrich person', description: 'Everything known about a person, gathered in one call.', latency: 'medium' },
    ];
    const countingRegistry = createToolIntelligenceRegistry({ tools: counting });
    const offered = (query: string, cosine?: number) =>
      scoreAllTools(query, counting.map((tool) => tool.name), { registry: countingRegistry, ...(cosine === undefined ? {} : { semanticSimilarity: () => cosine }) }).map((score) => score.tool);
    // The meaning disagrees (every cosine at the floor): arithmetic and calories are not a mailbox count.
    expect(offered('how many calories are in a banana', 0.2)).toEqual([]);
    expect(offered('כמה זה 17 כפול 23', 0.2)).toEqual([]);
    // A word that names the topic still carries the keyword, and agreeing meaning carries the question words.
    expect(offered('how many unread emails do I have', 0.2)[0]).toBe('get_unread_count');
    expect(offered('how many are waiting for me', 0.7)[0]).toBe('get_unread_count');
    // Without a vector for the request (an unglossed Hebrew request) the keyword counts as before.
    expect(offered('מי זאת דנה רייד')[0]).toBe('enrich_person');
  });

  describe('a request that asks for something no tool names', () => {
    // The calendar tools' meaning agrees a little (as a joke about calendars does), short of vouching for them.
    const calendarish = (tool: string) => (tool.includes('calendar') ? 0.44 : 0.25);

    it('offers nothing when only its topic points to a tool ("tell me a joke about calendars")', () => {
      const ranked = scoreAllTools('tell me a joke about calendars', names, { registry, eligibility: false, semanticSimilarity: calendarish });
      expect(ranked[0]?.tool).toMatch(/calendar/);
      expect(ranked[0]?.foreignAsk).toBe(true);
      expect(fittingTools(ranked)).toEqual([]);
      expect(scoreAllTools('tell me a joke about calendars', names, { registry, semanticSimilarity: calendarish })).toEqual([]);
    });

    it('still offers the tool when what is asked for is the tool’s, or its meaning vouches for it', () => {
      expect(fittingTools(scoreAllTools('tell me what is on my calendar', names, { registry, eligibility: false, semanticSimilarity: calendarish }))[0]?.tool).toBe('get_calendar_events');
      // A request that opens with a word no tool uses opens with a name or an aside, not with what it asks for.
      expect(fittingTools(scoreAllTools('Yoav: what is on my calendar tomorrow', names, { registry, eligibility: false, semanticSimilarity: calendarish }))[0]?.tool).toBe('get_calendar_events');
      const agreeing = (tool: string) => (tool === 'get_calendar_events' ? 0.6 : 0.25);
      expect(fittingTools(scoreAllTools('tell me a joke about calendars', names, { registry, eligibility: false, semanticSimilarity: agreeing }))[0]?.tool).toBe('get_calendar_events');
    });

    it('sees past a word many tools share: "write me a poem for my dad\'s birthday" asks for a poem', () => {
      // "write" is in three of the five tools' text: it says how the request is put, not which tool it is for.
      const exampled = (en: string[]) => ({ en, he: [] });
      const writers = createToolIntelligenceRegistry({
        tools: [
          { name: 'create_calendar_event', title: 'Create calendar event', description: 'Adds an event to your calendar.', examples: exampled(["write dad's birthday into my calendar", 'add lunch with Gil on Wednesday']) },
          { name: 'send_email', title: 'Send email', description: 'Writes and sends an email.', examples: exampled(['write an email to Dana about the budget']) },
          { name: 'create_note', title: 'Create note', description: 'Writes a note to your notes.', examples: exampled(['write down that the door code is 4512']) },
          { name: 'get_mail_messages', title: 'Mail messages', description: 'Lists the messages of a mailbox.', examples: exampled(['what came in from the bank']) },
          { name: 'query_memory', title: 'Query memory', description: 'Searches remembered facts.', examples: exampled(['what did I say about the kindergarten hours']) },
        ],
      });
      const tools = ['create_calendar_event', 'send_email', 'create_note', 'get_mail_messages', 'query_memory'];
      const ranked = scoreAllTools("write me a poem for my dad's birthday", tools, { registry: writers, eligibility: false });
      expect(ranked[0]?.tool).toBe('create_calendar_event');
      expect(ranked[0]?.foreignAsk).toBe(true);
      expect(fittingTools(ranked)).toEqual([]);
      // A word few tools hold still vouches for its tool when it comes before the unknown word.
      const noted = scoreAllTools('note the alarm code', tools, { registry: writers, eligibility: false });
      expect(noted[0]?.tool).toBe('create_note');
      expect(noted[0]?.foreignAsk).toBe(false);
    });

    it('offers the next tool when the best is pointed to only by the topic and the next by what is asked', () => {
      // "look up … online" is a web search; "Tel Aviv" is what the calendar tool's words would also match.
      const ranked = [
        { tool: 'get_calendar_events', score: 0.35, corroborated: true, foreignAsk: true },
        { tool: 'web__search', score: 0.22, corroborated: true, foreignAsk: false },
        { tool: 'send_email', score: 0.2, corroborated: false, foreignAsk: false },
      ];
      expect(fittingTools(ranked).map((score) => score.tool)).toEqual(['web__search', 'get_calendar_events', 'send_email']);
      // Without that reason, a lower tool that merely fits is not offered in the best one's place.
      expect(fittingTools(ranked.map((score, place) => (place === 0 ? { ...score, corroborated: false, foreignAsk: false } : score)))).toEqual([]);
    });
  });

  describe('tools known only by their description (a joined server of 40 plugins)', () => {
    const plugins: CatalogueToolInfo[] = Array.from({ length: 40 }, (_, i) => ({
      name: `plugins__tool_${i}`,
      title: `Plugin ${i}`,
      description: `Plugin number ${i} of the catalogue.`,
    }));
    plugins.push({ name: 'plugins__space_photos', title: 'Space photos', description: 'Pictures of planets, rovers and galaxies.' });
    const pluginRegistry = createToolIntelligenceRegistry({ tools: [...tools, ...plugins], overrides });
    const all = [...names, ...plugins.map((plugin) => plugin.name)];
    /** Every tool's similarity near 0.30, with `standout` at `cosine`. */
    const similarity = (standout: string, cosine: number) => (tool: string) => (tool === standout ? cosine : 0.28 + ((tool.length * 7) % 5) / 100);

    it('offers a tool whose similarity stands far out of the request’s similarity to every tool, though the cosine is modest', () => {
      // 0.40 alone is weak evidence (most unrelated pairs sit near 0.3), but here every other tool sits at 0.28–0.32.
      const ranked = scoreAllTools('what did the robot see up there today', all, {
        registry: pluginRegistry,
        eligibility: false,
        semanticSimilarity: similarity('plugins__space_photos', 0.4),
      });
      expect(ranked[0]?.tool).toBe('plugins__space_photos');
      expect(ranked[0]?.distinct).toBe(true);
      expect(fitsRequest(ranked[0])).toBe(true);
      // The shortlist offers it too.
      expect(scoreAllTools('what did the robot see up there today', all, { registry: pluginRegistry, semanticSimilarity: similarity('plugins__space_photos', 0.4) })[0]?.tool).toBe(
        'plugins__space_photos',
      );
    });

    it('offers nothing when no tool stands out and no words are shared', () => {
      const flat = (tool: string) => 0.3 + ((tool.length * 7) % 5) / 100;
      const ranked = scoreAllTools('what should I name my goldfish', all, { registry: pluginRegistry, eligibility: false, semanticSimilarity: flat });
      expect(ranked[0]?.distinct ?? false).toBe(false);
      expect(fitsRequest(ranked[0])).toBe(false);
    });

    it('offers a tool that stands out just below a best tool that does not fit, at the head of the answer', () => {
      const ranked = [
        { tool: 'get_calendar_events', score: 0.33, corroborated: false, distinct: false },
        { tool: 'plugins__space_photos', score: 0.29, corroborated: false, distinct: true },
      ];
      expect(fittingTools(ranked).map((score) => score.tool)).toEqual(['plugins__space_photos', 'get_calendar_events']);
      expect(fittingTools([ranked[0] as (typeof ranked)[number]])).toEqual([]);
    });

    it('lists, with a limit, exactly the first tools of the whole ranking that matched anything (ties in score by name)', () => {
      for (const query of ['what did the robot see up there today', 'plugin number 7 of the catalogue', 'search the web for news', 'tell me a joke', 'מה יש לי ביומן מחר']) {
        for (const semanticSimilarity of [similarity('plugins__space_photos', 0.4), undefined]) {
          const options = { registry: pluginRegistry, eligibility: false, ...(semanticSimilarity ? { semanticSimilarity } : {}) };
          const listed = scoreAllTools(query, all, options).filter((score) => score.matchedSignals.length > 0);
          for (const limit of [1, 3, 5, 20]) {
            const limited = scoreAllTools(query, all, { ...options, limit });
            expect(limited.map((score) => [score.tool, score.score, score.matchedSignals])).toEqual(listed.slice(0, limit).map((score) => [score.tool, score.score, score.matchedSignals]));
          }
        }
      }
    });

    it('does not read standing-out into tools with keyword signals or examples', () => {
      const ranked = scoreAllTools('look this up', all, { registry: pluginRegistry, eligibility: false, semanticSimilarity: similarity('web__search', 0.45) });
      expect(ranked.find((score) => score.tool === 'web__search')?.distinct).toBe(false);
    });
  });
});
