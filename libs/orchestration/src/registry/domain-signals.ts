/**
 * The intent vocabulary of each domain of the catalogue, in English and Hebrew (keywords are written naturally;
 * matching normalises both sides), the verb used in progress messages, and which domain a tool belongs to. Tools
 * inherit their domain's signals; the action words of a tool's name ("create", "list", …) are widened with the
 * ways people say them, so "add a meeting" finds create_calendar_event rather than get_calendar_events.
 *
 * None of this belongs to one tool, which is why it is here and not beside a definition: a domain's words are shared
 * by every tool of the domain, and by an external tool its server's configuration places there; the action words by
 * every tool whose name starts with the action; the bilingual lexicon translates through both; and a name's domain is
 * read the same way for every tool. Words that single out one tool are that tool's `examples.keywords`.
 */
import type { ToolIntentSignal } from './tool-intelligence.js';

export interface DomainProfile {
  domain: string;
  signals: readonly ToolIntentSignal[];
  progressVerb: string;
}

/** The weight of a day or time word ("tomorrow", "יום חמישי") as a sign of the calendar. */
export const WHEN_WEIGHT = 40;

const signal = (weight: number, keywords: string[], exclusiveIntent?: string): ToolIntentSignal => ({ weight, keywords, ...(exclusiveIntent ? { exclusiveIntent } : {}) });

export const DOMAIN_PROFILES: readonly DomainProfile[] = [
  { domain: 'memory', progressVerb: 'Searching', signals: [signal(70, ['remember', 'fact', 'facts', 'know', 'preference', 'prefer', 'favourite', 'favorite', 'memory', 'זכור', 'תזכור', 'זוכר', 'עובדה', 'מידע', 'העדפה', 'מעדיף', 'מעדיפה', 'זיכרון', 'יודע', 'מועדף', 'אהוב'])] },
  { domain: 'location', progressVerb: 'Checking', signals: [signal(70, ['location', 'address', 'place', 'office', 'כתובת', 'מיקום', 'מקום', 'משרד'])] },
  { domain: 'person', progressVerb: 'Looking up', signals: [signal(75, ['who is', 'who\'s', 'profile', 'contact', 'person', 'everything about', 'background', 'brief me on', 'מי זה', 'מי זאת', 'פרטים על', 'איש קשר', 'מה ידוע על', 'הכל על', 'פרופיל', 'רקע על', 'תדרך אותי על', 'תדריך על'])] },
  { domain: 'identity', progressVerb: 'Checking', signals: [signal(70, ['email address', 'phone', 'handle', 'identity', 'same person', 'slack', 'github', 'טלפון', 'זהות', 'מספר', 'כתובת מייל', 'כתובת אימייל', 'כתובת דואר', 'שם משתמש', 'אותו אדם', 'סלאק', 'גיטהאב'])] },
  { domain: 'documents', progressVerb: 'Searching', signals: [signal(75, ['document', 'documents', 'file', 'files', 'pdf', 'doc', 'notes', 'report', 'spreadsheet', 'policy', 'מסמך', 'מסמכים', 'קובץ', 'קבצים', 'דוח', 'מדיניות', 'סיכומים', 'גיליון', 'אקסל'])] },
  {
    domain: 'calendar',
    progressVerb: 'Checking',
    signals: [
      signal(75, ['calendar', 'meeting', 'meetings', 'event', 'agenda', 'schedule', 'appointment', '1:1', 'one on one', 'sync', 'call', 'יומן', 'פגישה', 'פגישות', 'אירוע', 'לוח זמנים']),
      // Words that say when, not what: a reminder, a delegation's due date or a scheduled task is asked for with them
      // as often as the calendar is, so alone they only lean towards it.
      signal(WHEN_WEIGHT, [
        'today', 'tomorrow', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'this afternoon', 'this morning',
        'מחר', 'היום', 'יום ראשון', 'יום שני', 'יום שלישי', 'יום רביעי', 'יום חמישי', 'יום שישי',
      ]),
    ],
  },
  { domain: 'availability', progressVerb: 'Finding', signals: [signal(85, ['free', 'available', 'availability', 'slot', 'slots', 'find time', 'open time', 'when can', 'פנוי', 'פנויה', 'זמין', 'זמינה', 'חלון זמן', 'מתי אפשר', 'זמן פנוי'])] },
  { domain: 'reminders', progressVerb: 'Checking', signals: [signal(80, ['reminder', 'reminders', 'todo', 'to-do', 'to do', 'task list', 'remind me', 'תזכורת', 'תזכורות', 'משימה', 'משימות', 'לעשות', 'תזכיר לי', 'תזכירי לי', 'רשימת משימות'])] },
  { domain: 'mail', progressVerb: 'Checking', signals: [signal(80, ['email', 'emails', 'mail', 'inbox', 'reply', 'unread', 'sent', 'mailbox', 'מייל', 'מיילים', 'אימייל', 'דואר', 'תיבת דואר', 'דואר נכנס', 'להשיב', 'לא נקרא', 'לא נקראו'])] },
  { domain: 'messages', progressVerb: 'Searching', signals: [signal(80, ['message', 'messages', 'text', 'texts', 'chat', 'whatsapp', 'imessage', 'sms', 'הודעה', 'הודעות', 'צאט', 'צ׳אט', 'וואטסאפ', 'ווטסאפ', 'סמס', 'מסרון'])] },
  { domain: 'decisions', progressVerb: 'Checking', signals: [signal(80, ['decision', 'decisions', 'decided', 'decide', 'החלטה', 'החלטות', 'החלטנו', 'הוחלט'])] },
  { domain: 'delegations', progressVerb: 'Checking', signals: [signal(80, ['delegate', 'delegated', 'delegation', 'assigned', 'assign', 'follow up', 'overdue', 'owes me', 'waiting on', 'האצלה', 'להאציל', 'האצלתי', 'תאציל', 'הוטל', 'הטלתי', 'הקצה', 'הקציתי', 'מעקב', 'לעקוב', 'באיחור', 'חייב לי', 'מחכה ל*', 'i asked', 'asked', 'ביקשתי'])] },
  { domain: 'alerts', progressVerb: 'Checking', signals: [signal(80, ['alert', 'alerts', 'warning', 'warn me', 'attention', 'התראה', 'התראות', 'התרעה', 'התרעות', 'אזהרה', 'תתריע', 'תזהיר אותי'])] },
  { domain: 'notifications', progressVerb: 'Sending', signals: [signal(70, ['notify', 'notification', 'ping me', 'push', 'התראה', 'הודע לי', 'תודיע', 'נוטיפיקציה', 'פוש'])] },
  { domain: 'proactive', progressVerb: 'Checking', signals: [signal(70, ['suggest', 'suggestions', 'needs attention', 'what should i', 'הצעה', 'הצעות', 'מה כדאי', 'תשומת לב', 'תציע'])] },
  { domain: 'agents', progressVerb: 'Working', signals: [signal(70, ['agent', 'agents', 'specialist', 'assistant', 'delegate to', 'סוכן', 'סוכנים', 'מומחה', 'עוזר', 'בוט'])] },
  { domain: 'scheduler', progressVerb: 'Checking', signals: [signal(80, ['every day', 'every morning', 'every week', 'recurring', 'automate', 'automatically', 'cron', 'scheduled task', 'each morning', 'תזמון', 'מתוזמן', 'מתוזמנת', 'משימה מתוזמנת', 'כל יום', 'כל בוקר', 'כל ערב', 'כל שבוע', 'אוטומציה', 'אוטומטית'])] },
  { domain: 'skills', progressVerb: 'Analysing', signals: [signal(60, ['tool usage', 'usage statistics', 'most used tools', 'usage patterns', 'skill suggestions', 'סטטיסטיקת שימוש', 'שימוש בכלים', 'דפוסי שימוש', 'מיומנות', 'מיומנויות', 'הצעות מיומנות'])] },
  { domain: 'import', progressVerb: 'Importing', signals: [signal(75, ['import', 'load', 'mbox', 'maildir', 'ics', 'ייבא', 'ייבוא', 'תייבא', 'תטען'])] },
  { domain: 'web_research', progressVerb: 'Researching', signals: [signal(60, ['search', 'look up', 'google', 'חפש', 'חיפוש']), signal(85, ['latest', 'news', 'research', 'compare', 'web', 'internet', 'online', 'market', 'competitors', 'מחקר', 'חדשות', 'השוואה', 'באינטרנט', 'ברשת', 'עדכני'])] },
  {
    domain: 'official_data',
    progressVerb: 'Checking',
    signals: [signal(95, ['official statistics', 'government data', 'cbs', 'data.gov.il', 'census', 'unemployment rate', 'inflation rate', 'נתונים רשמיים', 'ממשלתי', 'למס', 'הלשכה המרכזית לסטטיסטיקה', 'אבטלה', 'אינפלציה', 'מדד'], 'official_data')],
  },
];

const TOOL_DOMAINS: ReadonlyArray<[RegExp, string]> = [
  [/^enrich_person$/, 'person'],
  [/identity/, 'identity'],
  [/location/, 'location'],
  [/^(query_memory|store_memory|store_fact|delete_fact|list_facts)$/, 'memory'],
  [/document/, 'documents'],
  [/open_slots|group_availability/, 'availability'],
  [/calendar/, 'calendar'],
  [/reminder/, 'reminders'],
  [/mail|email|unread_count|mailbox/, 'mail'],
  [/messages?$/, 'messages'],
  [/decision/, 'decisions'],
  [/delegation/, 'delegations'],
  [/alert/, 'alerts'],
  [/notification/, 'notifications'],
  [/suggestion|inbound|event_summary/, 'proactive'],
  [/scheduled_task|scheduler|task_runs/, 'scheduler'],
  [/skill|tool_usage|tool_statistics|orchestration/, 'skills'],
  [/agent/, 'agents'],
  [/import_data/, 'import'],
];

/** The domain of an internal tool, from its name; `other` when none applies. */
export function domainOfTool(name: string): string {
  return TOOL_DOMAINS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
}

export function domainProfile(domain: string): DomainProfile | undefined {
  return DOMAIN_PROFILES.find((profile) => profile.domain === domain);
}

/** How people say the action words of tool names (Hebrew verbs also in the forms said to a woman). */
export const ACTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  create: ['create', 'add', 'new', 'make', 'book', 'set up', 'put', 'log', 'record', 'remind me', 'תזכיר לי', 'תזכירי לי', 'צור', 'תיצור', 'הוסף', 'תוסיף', 'קבע', 'תקבע', 'חדש', 'חדשה', 'תרשום', 'רשום', 'צרי', 'תיצרי', 'הוסיפי', 'תוסיפי', 'קבעי', 'תקבעי', 'רשמי', 'תרשמי', 'תכניס', 'תכניסי'],
  store: ['remember', 'save', 'store', 'note that', 'keep in mind', 'זכור', 'תזכור', 'שמור', 'תשמור', 'תרשום', 'זכרי', 'תזכרי', 'שמרי', 'תשמרי', 'תרשמי'],
  delete: ['delete', 'remove', 'cancel', 'drop', 'forget', 'מחק', 'תמחק', 'בטל', 'תבטל', 'הסר', 'תסיר', 'שכח', 'מחקי', 'תמחקי', 'בטלי', 'תבטלי', 'הסירי', 'תסירי', 'תשכח', 'תשכחי'],
  update: ['update', 'change', 'edit', 'move', 'reschedule', 'rename', 'postpone', 'push', 'pause', 'resume', 'disable', 'enable', 'turn off', 'turn on', 'עדכן', 'תעדכן', 'שנה', 'תשנה', 'הזז', 'תזיז', 'דחה', 'תדחה', 'השהה', 'תשהה', 'כבה', 'תכבה', 'הפעל מחדש', 'עדכני', 'תעדכני', 'שני', 'תשני', 'הזיזי', 'תזיזי', 'דחי', 'תדחי', 'השהי', 'תשהי', 'כבי', 'תכבי'],
  list: ['list', 'show', 'all', 'which', 'הצג', 'תציג', 'רשימת', 'כל ה*', 'הציגי', 'תציגי'],
  get: ['get', 'show', 'what', 'whats', 'read', 'open', 'on my', 'תראה', 'הראה', 'מה', 'מה יש', 'תראי', 'הראי'],
  search: ['search', 'find', 'look', 'look for', 'where', 'about', 'חפש', 'תחפש', 'מצא', 'תמצא', 'איפה', 'חפשי', 'תחפשי', 'מצאי', 'תמצאי'],
  query: ['what', 'know', 'recall', 'find', 'מה', 'יודע'],
  check: ['check', 'any', 'is there', 'status', 'בדוק', 'תבדוק', 'יש', 'בדקי', 'תבדקי'],
  send: ['send', 'write', 'email to', 'tell', 'שלח', 'תשלח', 'כתוב', 'תכתוב', 'שלחי', 'תשלחי', 'כתבי', 'תכתבי'],
  reply: ['reply', 'answer', 'respond', 'השב', 'תשיב', 'ענה', 'תענה', 'השיבי', 'תשיבי', 'עני', 'תעני'],
  mark: ['mark', 'flag', 'read', 'סמן', 'תסמן', 'סמני', 'תסמני'],
  move: ['move', 'archive', 'file', 'העבר', 'תעביר', 'העבירי', 'תעבירי'],
  complete: ['done', 'complete', 'finished', 'tick off', 'סיימתי', 'בוצע', 'סמן כבוצע'],
  dismiss: ['dismiss', 'ignore', 'snooze', 'התעלם', 'התעלמי', 'תתעלם', 'תתעלמי'],
  run: ['run', 'ask', 'have', 'get the', 'trigger', 'kick off', 'הרץ', 'תריץ', 'תבקש', 'הריצי', 'תריצי', 'תבקשי'],
  dispatch: ['several', 'all agents', 'team of', 'כמה סוכנים'],
  find: ['find', 'when', 'slot', 'מצא', 'תמצא', 'מתי', 'מצאי', 'תמצאי'],
  enrich: ['who', 'about', 'everything', 'brief me on', 'מי', 'על'],
  link: ['link', 'connect', 'same person', 'קשר', 'חבר', 'תקשר', 'תקשרי', 'תחבר', 'תחברי'],
  unlink: ['unlink', 'disconnect', 'נתק', 'תנתק', 'תנתקי'],
  ingest: ['ingest', 'index', 'add', 'upload', 'read in', 'אנדקס', 'תוסיף'],
  import: ['import', 'load', 'ייבא', 'תייבא', 'ייבאי', 'תייבאי'],
  export: ['export', 'ייצא', 'תייצא', 'ייצאי', 'תייצאי'],
};
