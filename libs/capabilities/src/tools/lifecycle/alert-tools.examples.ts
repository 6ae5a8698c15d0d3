/**
 * How people ask for create_alert_rule, list_alert_rules, check_alerts, dismiss_alert and delete_alert_rule, in
 * English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people
 * write them). Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool);
 * none may repeat a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const CREATE_ALERT_RULE_EXAMPLES: ToolExamples = {
  en: [
    'warn me whenever Noa is 2+ days late on something',
    'set up an alert for deadlines within 5 days',
    'ping me if a decision sits pending over a week',
    'let me know automatically when follow-ups come due',
    'tell me if the exchange rate note gets older than 48 hours',
    'new rule: email me when any handoff is overdue',
    'alert me when a deadline is 2 days out',
    'I want a warning when a task of Miri\'s is 3 days overdue',
    'flag any decision that sits untouched for 10 days',
    'notify me when my health facts are older than 6 months',
    'add a rule: follow-ups due, every morning',
    'watch for late handoffs to the contractor and ping me',
  ],
  he: [
    'תתריע לי כשמישהו מאחר ביותר מיומיים',
    'אני רוצה לדעת מראש כשמתקרב דדליין, יומיים לפני',
    'תתריע אם החלטה מחכה לביצוע יותר מעשרה ימים',
    'תעשה חוק שישלח לי מייל כשמשימה של דני באיחור',
    'תגדיר התראה על דדליינים שבוע מראש',
    'כשמשהו אצל רונית באיחור של 3 ימים תקפיץ לי',
    'תוסיף כלל שמזהיר כשהחלטה תקועה שבועיים',
    'אני רוצה לקבל התראה כשמגיע מועד מעקב',
  ],
  keywords: {
    weight: 92,
    en: ['warn me when', 'alert me when', 'let me know when', 'notify me when', 'whenever'],
    he: ['תתריע כש*', 'תודיע לי כש*', 'תזהיר אותי כש*', 'כל פעם ש*'],
  },
};

export const LIST_ALERT_RULES_EXAMPLES: ToolExamples = {
  en: [
    'what warnings have I set up?',
    'show my alert rules',
    'which of my warnings are switched on?',
    'when did the overdue one last fire?',
    'what am I getting pinged about automatically?',
    'show every trigger with its conditions, please',
    'which rules are active right now?',
    'what automatic warnings did I configure?',
    'what triggers did I set and when did they last go off?',
    'do I have a rule for stale decisions?',
    'are any of my warnings currently turned off?',
    'what\'s the threshold on the overdue rule?',
  ],
  he: [
    'אילו התראות הגדרתי?',
    'על מה אני אמור לקבל התראות אוטומטיות?',
    'מה התנאים של ההתראה על האיחורים?',
    'מתי ההתראה על הדדליינים קפצה בפעם האחרונה?',
    'תראה לי את כל החוקים של ההתראות',
    'אילו התראות פעילות כרגע?',
    'יש לי כלל על החלטות תקועות?',
    'מה הסף שהגדרתי להתראה על איחורים?',
  ],
};

export const CHECK_ALERTS_EXAMPLES: ToolExamples = {
  en: [
    'anything I should be worried about right now?',
    'any alerts going off?',
    'what\'s urgent today?',
    'check if anything\'s on fire',
    'deadlines coming up or overdue stuff?',
    'run through my warnings real quick',
    'what needs attention right now?',
    'anything overdue or due in the next few days?',
    'quick status check, is something burning',
    'did any of my rules trigger?',
    'before I log off, anything critical?',
    'check all my warnings now',
  ],
  he: [
    'יש משהו דחוף?',
    'יש התראות חדשות עכשיו?',
    'מה בוער עכשיו?',
    'תבדוק אם יש דדליינים קרובים או משהו באיחור',
    'מה דורש טיפול עכשיו?',
    'יש משהו באיחור או שמתקרב?',
    'תעשה בדיקה מהירה אם משהו בוער',
    'קפץ משהו מהחוקים שהגדרתי?',
  ],
};

export const DISMISS_ALERT_EXAMPLES: ToolExamples = {
  en: [
    'stop alerting me about Noa\'s tasks',
    'mute the deadline alert',
    'turn off that overdue warning, it\'s noise',
    'silence rule 3 for now',
    'I don\'t want the stale decision pings anymore',
    'pause the follow-up one, I\'ll turn it back on later',
    'shut off the stale fact warning for now',
    'I\'m sick of the follow-up pings, disable it',
    'pause rule 5 while I\'m on vacation',
    'switch off the Miri overdue alert, she\'s on leave',
    'can you quiet the deadline warnings this week',
    'disable that rule but keep it around',
  ],
  he: [
    'תפסיק להציק לי עם ההתראה על האיחורים',
    'תשתיק את ההתראה של הדדליינים',
    'תכבה בינתיים את החוק של ההחלטות התקועות',
    'די עם ההתראות על דני',
    'תכבה את ההתראה על המעקבים בינתיים',
    'אני בחופש, תשבית את ההתראות על איחורים',
    'תשתיק את כלל 5, אחזיר אחר כך',
    'נמאס לי מההתראה הזאת, תכבה אותה',
  ],
};

export const DELETE_ALERT_RULE_EXAMPLES: ToolExamples = {
  en: [
    'delete the Noa late alert completely',
    'remove #3 for good, not just disable it',
    'get rid of the deadline warning, won\'t ever need it again',
    'wipe the old test warning completely',
    'trash the email-me-on-overdue one permanently',
    'permanently remove that stale fact warning',
    'I\'ll never need the stale decision warning, remove it',
    'trash rule 5 entirely',
    'get rid of the contractor warning for good',
    'erase all traces of the test trigger I made',
    'remove the follow-up rule permanently, not just off',
    'nuke the Miri overdue trigger',
  ],
  he: [
    'תמחק לגמרי את ההתראה על דני',
    'תמחק את חוק ההתראה מספר 3',
    'את ההתראה הישנה של הבדיקה תמחק',
    'לא צריך יותר את החוק של הדדליינים, תמחק לצמיתות',
    'תמחק את כלל 5 לגמרי',
    'תעיף את ההתראה של הקבלן, לא צריך אותה יותר',
    'את הכלל על העובדות הישנות תמחק לצמיתות',
    'לא לכבות, למחוק לגמרי את ההתראה של המעקבים',
  ],
};
