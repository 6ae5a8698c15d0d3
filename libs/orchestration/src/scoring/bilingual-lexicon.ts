/**
 * The bilingual lexicon of the catalogue's domain: Hebrew request words mapped onto the English words tool names and
 * descriptions use, so a Hebrew request meets English-described tools in the lexical index. It is built from the
 * Hebrew keyword lists the domain signals already keep (each Hebrew keyword of a domain points to the domain's own
 * words; each Hebrew way of saying an action points to the action) and widened with the general vocabulary of
 * calendars, mail, tasks, people, documents, scheduling, notifications, webhooks and files.
 */
import { hebrewStem, hebrewVariants, isHebrewWord, normaliseFinalLetters, withoutHebrewPrefixes } from '@chief-of-staff/core';
import { ACTION_WORDS, DOMAIN_PROFILES } from '../registry/domain-signals.js';

/** The English words each domain's Hebrew keywords stand for (words tool names and descriptions use). */
const DOMAIN_WORDS: Readonly<Record<string, string>> = {
  memory: 'memory fact remember',
  location: 'location address place',
  person: 'person profile contact',
  identity: 'identity phone email handle',
  documents: 'document file',
  calendar: 'calendar event meeting',
  availability: 'free slot availability',
  reminders: 'reminder task todo',
  mail: 'email mail inbox',
  messages: 'message chat',
  decisions: 'decision',
  delegations: 'delegation delegate',
  alerts: 'alert rule',
  notifications: 'notification notify',
  proactive: 'suggestion attention',
  agents: 'agent',
  scheduler: 'schedule task recurring',
  skills: 'usage statistics',
  import: 'import',
  web_research: 'search web',
  official_data: 'official statistics data',
};

/**
 * General domain vocabulary, Hebrew base forms (no prefixes; plural and feminine endings are met through the light
 * stem) → English words. Written as one entry per line so additions stay reviewable.
 */
const GENERAL_TERMS: ReadonlyArray<readonly [string, string]> = [
  // Calendar and time
  ['פגישה', 'meeting event calendar'],
  ['פגישות', 'meeting event calendar'],
  ['יומן', 'calendar event'],
  ['יומנים', 'calendar'],
  ['אירוע', 'event'],
  ['אירועים', 'event'],
  ['שיחה', 'call meeting'],
  ['זום', 'meeting call'],
  ['השבוע', 'week'],
  ['שבוע', 'week'],
  ['חודש', 'month'],
  ['תאריך', 'date'],
  ['שעה', 'time hour'],
  ['זמן', 'time'],
  ['פנוי', 'free open slot'],
  ['פנויה', 'free open slot'],
  ['חלון', 'slot window'],
  ['זמינות', 'availability free'],
  ['לוח', 'calendar schedule'],
  ['ייצא', 'export'],
  ['ייצוא', 'export'],
  ['תייצא', 'export'],
  // Mail and messages
  ['מייל', 'email mail'],
  ['מיילים', 'email mail'],
  ['אימייל', 'email'],
  ['דואר', 'mail email'],
  ['תיבה', 'mailbox folder'],
  ['תיקייה', 'folder mailbox'],
  ['נקרא', 'read'],
  ['נקראו', 'read unread'],
  ['דגל', 'flag'],
  ['ארכיון', 'archive'],
  ['טיוטה', 'draft email'],
  ['הודעה', 'message'],
  ['הודעות', 'message'],
  ['ווטסאפ', 'whatsapp message'],
  ['וואטסאפ', 'whatsapp message'],
  ['סמס', 'sms message'],
  ['כתב', 'wrote message'],
  ['כתבה', 'wrote message'],
  ['תשובה', 'reply'],
  ['ענה', 'reply answer'],
  ['תענה', 'reply answer'],
  ['תשיב', 'reply'],
  // Tasks, reminders, delegations
  ['תזכורת', 'reminder'],
  ['תזכורות', 'reminder'],
  ['משימה', 'task reminder'],
  ['משימות', 'task reminder'],
  ['רשימה', 'list'],
  ['רשימות', 'list'],
  ['בוצע', 'complete done'],
  ['בוצעה', 'complete done'],
  ['הושלם', 'complete'],
  ['האצלה', 'delegation delegate'],
  ['האצלות', 'delegation'],
  ['הטלתי', 'delegate delegation assigned'],
  ['הטיל', 'delegate assigned'],
  ['העברתי', 'delegate delegation handed'],
  ['ביקשתי', 'delegate asked'],
  ['אחראי', 'owner assigned'],
  ['באיחור', 'overdue late'],
  ['איחור', 'overdue late'],
  ['מאחר', 'overdue late'],
  ['מועד', 'due deadline'],
  ['דדליין', 'due deadline'],
  ['מעקב', 'follow track'],
  ['תעקוב', 'track follow'],
  ['סטטוס', 'status'],
  ['מצב', 'status'],
  // Decisions, memory, people
  ['החלטה', 'decision'],
  ['החלטות', 'decision'],
  ['החלטנו', 'decision decided'],
  ['הוחלט', 'decision decided'],
  ['ממתינה', 'pending'],
  ['ממתינות', 'pending'],
  ['פתוחה', 'pending open'],
  ['פתוחות', 'pending open'],
  ['עובדה', 'fact'],
  ['עובדות', 'fact'],
  ['זיכרון', 'memory'],
  ['זכור', 'remember store'],
  ['תזכור', 'remember store'],
  ['שמור', 'save store'],
  ['תשמור', 'save store'],
  ['שמרתי', 'saved fact'],
  ['יודע', 'know memory'],
  ['העדפה', 'preference fact'],
  ['העדפות', 'preference fact'],
  ['אדם', 'person'],
  ['איש', 'person contact'],
  ['קשר', 'contact link'],
  ['אנשי', 'contact person'],
  ['פרטים', 'details profile'],
  ['פרופיל', 'profile person'],
  ['טלפון', 'phone identity'],
  ['מספר', 'phone number identity'],
  ['כתובת', 'address location'],
  ['מיקום', 'location'],
  ['משרד', 'office location'],
  ['מקום', 'place location'],
  // Documents, files, search
  ['מסמך', 'document'],
  ['מסמכים', 'document'],
  ['קובץ', 'file document'],
  ['קבצים', 'file document'],
  ['תיקיה', 'folder directory'],
  ['ספרייה', 'directory folder'],
  ['דוח', 'report document'],
  ['מדיניות', 'policy document'],
  ['חוזה', 'contract document'],
  ['אנדקס', 'index ingest'],
  ['אינדקס', 'index'],
  ['חפש', 'search find'],
  ['תחפש', 'search find'],
  ['חיפוש', 'search'],
  ['מצא', 'find search'],
  ['תמצא', 'find search'],
  ['קרא', 'read'],
  ['תקרא', 'read'],
  ['כתוב', 'write'],
  ['תכתוב', 'write'],
  ['ערוך', 'edit'],
  ['תערוך', 'edit'],
  ['צור', 'create'],
  ['תיצור', 'create'],
  ['הוסף', 'add create'],
  ['תוסיף', 'add create'],
  ['מחק', 'delete remove'],
  ['תמחק', 'delete remove'],
  ['בטל', 'cancel delete'],
  ['תבטל', 'cancel delete'],
  ['הסר', 'remove delete'],
  ['תסיר', 'remove delete'],
  ['עדכן', 'update'],
  ['תעדכן', 'update'],
  ['שנה', 'change update'],
  ['תשנה', 'change update'],
  ['הזז', 'move reschedule'],
  ['תזיז', 'move reschedule'],
  ['דחה', 'postpone reschedule'],
  ['תדחה', 'postpone reschedule'],
  ['הצג', 'show list'],
  ['תציג', 'show list'],
  ['תראה', 'show'],
  ['אילו', 'which list'],
  ['איזה', 'which'],
  ['כמה', 'count how many'],
  ['שלח', 'send'],
  ['תשלח', 'send'],
  ['העבר', 'move forward'],
  ['תעביר', 'move forward'],
  ['סמן', 'mark'],
  ['תסמן', 'mark'],
  // Scheduling, agents, notifications, webhooks, alerts
  ['תזמון', 'schedule scheduled'],
  ['מתוזמן', 'scheduled'],
  ['מתוזמנות', 'scheduled task'],
  ['מתוזמנים', 'scheduled task'],
  ['קבוע', 'recurring schedule'],
  ['קבועה', 'recurring schedule'],
  ['יומי', 'daily every day'],
  ['יומית', 'daily every day'],
  ['שבועי', 'weekly every week'],
  ['שבועית', 'weekly every week'],
  ['בוקר', 'morning'],
  ['ערב', 'evening'],
  ['תדריך', 'briefing'],
  ['סיכום', 'summary digest'],
  ['ריצה', 'run'],
  ['ריצות', 'run runs'],
  ['הרץ', 'run'],
  ['תריץ', 'run'],
  ['עובד', 'worker running'],
  ['סוכן', 'agent'],
  ['סוכנים', 'agent'],
  ['מומחה', 'agent specialist'],
  ['התראה', 'alert notification'],
  ['התראות', 'alert notification'],
  ['אזהרה', 'alert warning'],
  ['תתריע', 'alert'],
  ['חוק', 'rule'],
  ['כלל', 'rule'],
  ['כללים', 'rule'],
  ['הודע', 'notify notification'],
  ['תודיע', 'notify notification'],
  ['וובהוק', 'webhook'],
  ['ובהוק', 'webhook'],
  ['נכשל', 'failed error'],
  ['נכשלו', 'failed error'],
  ['שגיאה', 'error failed'],
  ['שגיאות', 'error failed'],
  ['הצעה', 'suggestion'],
  ['הצעות', 'suggestion'],
  ['ייבא', 'import'],
  ['ייבוא', 'import'],
  ['תייבא', 'import'],
  ['כלים', 'tool'],
  ['כלי', 'tool'],
  ['שימוש', 'usage'],
  ['סטטיסטיקה', 'statistics'],
  ['סיים', 'finished complete done'],
  ['סיימתי', 'finished complete done'],
  ['נפגש', 'meet meeting'],
  ['היפגש', 'meet meeting'],
  ['להיפגש', 'meet meeting'],
  ['כבה', 'disable pause update'],
  ['השבת', 'disable pause'],
  ['השהה', 'pause disable'],
  ['השתק', 'mute dismiss snooze'],
  ['נוטיפיקציה', 'notification'],
  ['התרעה', 'alert notification'],
  ['שרת', 'server'],
  ['השתמשתי', 'usage used'],
  ['שימושים', 'usage'],
  ['קיבלתי', 'received'],
  ['סוכם', 'summary'],
  ['ניתוב', 'route rule'],
  ['מנתב', 'route rule'],
  ['אירועי', 'event'],
  ['נכון', 'correct'],
  ['שמרת', 'saved stored'],
  ['רשמת', 'saved recorded'],
  // Files, code, charts, time and weather: what third-party servers commonly offer
  ['שם', 'name rename'],
  ['תוכן', 'content contents'],
  ['שורה', 'line'],
  ['שורות', 'line'],
  ['נתיב', 'path'],
  ['ענף', 'branch'],
  ['ענפים', 'branch'],
  ['קומיט', 'commit'],
  ['מאגר', 'repository repo'],
  ['ריפו', 'repository repo'],
  ['שינויים', 'changes diff'],
  ['גרף', 'graph chart'],
  ['תרשים', 'chart diagram'],
  ['עוגה', 'pie'],
  ['עמודות', 'bar column'],
  ['זרימה', 'flow'],
  ['מפה', 'map'],
  ['ישות', 'entity'],
  ['ישויות', 'entity'],
  ['ידע', 'knowledge'],
  ['קשרים', 'relation'],
  ['תצפית', 'observation'],
  ['תחזית', 'forecast weather'],
  ['מזג', 'weather'],
  ['אוויר', 'weather air'],
  ['טמפרטורה', 'temperature weather'],
  ['אזור', 'zone area region'],
  ['שעון', 'time clock'],
  ['השעה', 'time'],
  ['קישור', 'link url'],
  ['כתבה', 'article page'],
  ['דף', 'page'],
  ['אתר', 'site web page'],
  ['הורד', 'download fetch'],
  ['תוריד', 'download fetch'],
  ['חשוב', 'think thought'],
  ['נחשוב', 'think thought'],
  ['שלב', 'step'],
  ['שלבים', 'step'],
  ['פרק', 'split break'],
  ['תכנן', 'plan planning'],
  ['תכנון', 'plan planning'],
  ['אשר', 'approve'],
  ['מאשר', 'approve'],
  ['בעיה', 'issue'],
  ['בעיות', 'issue'],
  ['באג', 'bug issue'],
  ['תחזיר', 'return echo'],
  // Web and official data
  ['חדשות', 'news latest search web'],
  ['עדכני', 'latest news'],
  ['עדכניות', 'latest news'],
  ['אינטרנט', 'web internet online'],
  ['רשת', 'web online'],
  ['מחקר', 'research'],
  ['השוואה', 'compare research'],
  ['מתחרים', 'competitors research'],
  ['נתונים', 'data statistics'],
  ['רשמיים', 'official'],
  ['רשמי', 'official'],
  ['ממשלתי', 'government official'],
  ['אבטלה', 'unemployment statistics'],
  ['אינפלציה', 'inflation statistics'],
  ['מדד', 'index price statistics'],
  ['סטטיסטיקה', 'statistics'],
];

export interface BilingualLexicon {
  /**
   * English words a Hebrew request word stands for, or the tool-name action an English word is a way of saying
   * ("put" → create); empty when the lexicon does not know it.
   */
  englishFor(word: string): readonly string[];
  /** How many Hebrew forms the lexicon knows (for tests and diagnostics). */
  readonly size: number;
}

function addEntry(map: Map<string, Set<string>>, hebrew: string, english: readonly string[]): void {
  for (const word of hebrew.split(/\s+/)) {
    if (!isHebrewWord(word) || word.length < 2) continue;
    // Keyed by the word and its light stem: a request word meets the entry through any of its prefix-less forms.
    for (const form of new Set([hebrewVariants(word)[0] as string, ...hebrewVariants(hebrewStem(word))])) {
      let set = map.get(form);
      if (!set) map.set(form, (set = new Set()));
      for (const target of english) set.add(target);
    }
  }
}

/** The catalogue's bilingual lexicon: general vocabulary first, then the domain signals' Hebrew keywords and actions. */
export function buildBilingualLexicon(): BilingualLexicon {
  const map = new Map<string, Set<string>>();
  for (const [hebrew, english] of GENERAL_TERMS) addEntry(map, hebrew, english.split(' '));
  for (const profile of DOMAIN_PROFILES) {
    const words = (DOMAIN_WORDS[profile.domain] ?? profile.domain).split(' ');
    // Single Hebrew words only: a phrase's words alone ("יום", "מה") say nothing about the domain.
    for (const signal of profile.signals) for (const keyword of signal.keywords) if (isHebrewWord(keyword) && !/\s|\*/.test(keyword) && !map.has(keyword)) addEntry(map, keyword, words);
  }
  for (const [action, sayings] of Object.entries(ACTION_WORDS)) {
    // Two-letter sayings ("מה", "יש", "על") are function words in most requests, not the action.
    for (const saying of sayings) if (isHebrewWord(saying) && saying.length > 2 && !/\s|\*/.test(saying) && !map.has(saying)) addEntry(map, saying, [action]);
  }
  // English ways of saying an action ("put", "archive", "forget") also lead to the action word tool names use.
  const englishActions = new Map<string, Set<string>>();
  for (const [action, sayings] of Object.entries(ACTION_WORDS)) {
    for (const saying of sayings) {
      if (isHebrewWord(saying) || /\s|\*/.test(saying) || saying === action) continue;
      let set = englishActions.get(saying);
      if (!set) englishActions.set(saying, (set = new Set()));
      set.add(action);
    }
  }
  return {
    englishFor: (word) => {
      if (!isHebrewWord(word)) return [...(englishActions.get(word) ?? [])];
      // A request's verbs are mostly future or imperative ("תמחק", "תסמן"): the base form is met without the ת.
      const bases = word.length >= 4 && word.startsWith('ת') ? [word, word.slice(1)] : [word];
      for (const base of bases) {
        for (const form of [...hebrewVariants(base), ...withoutHebrewPrefixes(base).map((prefixless) => hebrewStem(prefixless))]) {
          const found = map.get(normaliseFinalLetters(form));
          if (found) return [...found];
        }
      }
      return [];
    },
    size: map.size,
  };
}

let shared: BilingualLexicon | undefined;

/** One lexicon per process: it is built from constant lists, so every index and gloss can share it. */
export function sharedBilingualLexicon(): BilingualLexicon {
  return (shared ??= buildBilingualLexicon());
}
