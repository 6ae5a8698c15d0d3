/**
 * How people ask for list_event_rules, create_event_rule, delete_event_rule and process_webhook_event, in English and
 * Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and typos as people write them).
 * Tool selection matches requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat
 * a request of tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_EVENT_RULES_EXAMPLES: ToolExamples = {
  en: [
    'what routing do I have set up?',
    'which rules handle GitHub?',
    'show routing in priority order',
    'where do Stripe hooks go?',
    'which agent gets Jira tickets?',
    'list my triggers for incoming hooks',
    'what happens to Shopify deliveries, where do they go?',
    'show all my routing rules',
    'is anything routed to support_bot?',
    'which triggers are set for PagerDuty',
    'in what order do my rules fire',
    'do I have a rule catching Typeform submissions',
  ],
  he: [
    'אילו חוקי ניתוב יש?',
    'לאן הולכים האירועים של גיטהאב?',
    'איזה סוכן מקבל את הטיקטים מג\'ירה?',
    'תראה לי את החוקים לפי עדיפות',
    'לאן מנותבים האירועים משופיפיי?',
    'יש משהו שהולך לבוט של התמיכה?',
    'תראה לי את כל חוקי הניתוב לפי הסדר',
    'יש חוק לטפסים מטייפפורם?',
  ],
};

export const CREATE_EVENT_RULE_EXAMPLES: ToolExamples = {
  en: [
    'send every new GitHub issue to the triage agent',
    'route stripe payment.* to the finance agent',
    'when a Zendesk ticket arrives, have support_bot summarize it',
    'new rule: Jira issue.created goes to project_manager',
    'make GitHub PRs go to the code reviewer',
    'whenever Stripe fires, let the accountant handle it',
    'when a new Shopify order comes in, have the ops agent handle it',
    'PagerDuty incident.* should go to the oncall bot',
    'forward Typeform submissions to the recruiting agent to screen',
    'route HubSpot deal.closed to finance with instruction "send invoice"',
    'any Calendly booking: let meeting_prep prep me',
    'set it up so GitHub release events go to the writer for notes',
  ],
  he: [
    'כל issue חדש בגיטהאב שילך לסוכן הטריאז\'',
    'תנתב אירועי תשלום מסטרייפ לסוכן הכספים',
    'כשמגיע טיקט מזנדסק, שהסוכן של התמיכה יסכם',
    'תיצור חוק שג\'ירה הולך למנהל הפרויקטים',
    'כל הזמנה חדשה משופיפיי שתלך לסוכן התפעול',
    'תקלות מפייג\'ר דיוטי לבוט של הכוננות',
    'טפסים מטייפפורם שיגיעו לסוכן הגיוס לסינון',
    'כשנסגרת עסקה בהאבספוט, שהכספים יוציאו חשבונית',
  ],
};

export const DELETE_EVENT_RULE_EXAMPLES: ToolExamples = {
  en: [
    'delete the triage-issues routing',
    'stop routing Stripe to finance, remove that',
    'get rid of routing #3',
    'I don\'t want Jira tickets going to the PM anymore, delete it',
    'remove the Zendesk routing',
    'drop the old GitHub PR routing',
    'stop sending Shopify orders to ops, remove that',
    'delete the PagerDuty routing',
    'get rid of rule 9',
    'the Typeform one isn\'t needed, trash it',
    'remove whatever sends Calendly stuff to meeting_prep',
    'kill the HubSpot to finance routing',
  ],
  he: [
    'תמחק את החוק של הטריאז\'',
    'שסטרייפ לא ילך יותר לכספים, תמחק את החוק',
    'תמחק את חוק הניתוב מספר 3',
    'תוריד את הניתוב של זנדסק',
    'תמחק את החוק של שופיפיי',
    'תוריד את הניתוב של פייג\'ר דיוטי',
    'חוק 9 מיותר, תמחק',
    'שטייפפורם לא ינותב יותר לגיוס, תמחק את החוק',
  ],
};

export const PROCESS_WEBHOOK_EVENT_EXAMPLES: ToolExamples = {
  en: [
    'push 12 through the routing now',
    'rerun the rules on that failed GitHub hook',
    'route 31 again, force it',
    'just mark 18 as ignored',
    'handle the pending Stripe one',
    'set the Jira delivery as done manually',
    'run the routing on #44 now',
    'reprocess the failed Shopify order hook',
    'ignore hook 7, it\'s spam',
    'force that PagerDuty one through again',
    'mark the Typeform event handled, I did it myself',
    'route the waiting HubSpot event now',
  ],
  he: [
    'תעבד עכשיו את אירוע 12',
    'תריץ שוב את החוקים על האירוע שנכשל',
    'תסמן שאירוע 18 לא רלוונטי, להתעלם',
    'תטפל באירוע של סטרייפ שממתין',
    'תריץ את החוקים על אירוע 44',
    'תעבד שוב את ההזמנה משופיפיי שנכשלה',
    'תתעלם מאירוע 7, זה זבל',
    'תסמן את האירוע מטייפפורם כמטופל, טיפלתי בעצמי',
  ],
};
