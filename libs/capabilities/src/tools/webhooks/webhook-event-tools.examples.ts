/**
 * How people ask for ingest_webhook, list_webhook_events and get_webhook_event, in English and Hebrew, in their own
 * words (colloquial, indirect, abbreviated, with names, dates and typos as people write them). Tool selection matches
 * requests against them (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of
 * tools/bench/fixtures (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const INGEST_WEBHOOK_EXAMPLES: ToolExamples = {
  en: [
    'feed in this GitHub issue event: Login fails',
    'push a fake stripe payment.failed through',
    'treat this JSON as if Jira sent it',
    'log an incoming Zendesk ticket.created',
    'simulate a GitHub hook for a PR opened',
    'store this payload as a github issue.opened',
    'pretend Shopify sent an orders/create with this JSON',
    'take this PagerDuty incident payload and store it as an event',
    'here\'s a Calendly invitee.created, feed it in',
    'inject a test github push event so I can see routing',
    'log this Typeform submission as an incoming hook',
    'this came from HubSpot, deal.closed, add it as if delivered',
  ],
  he: [
    'תכניס אירוע של גיטהאב על באג בלוגין',
    'תדמה וובהוק של סטרייפ על תשלום שנכשל',
    'תקלוט את ה-JSON הזה כאילו הגיע מג\'ירה',
    'תרשום אירוע נכנס מזנדסק על פנייה חדשה',
    'תכניס את ה-JSON הזה כאירוע משופיפיי על הזמנה חדשה',
    'תדמה אירוע מפייג\'ר דיוטי על תקלה',
    'הגיע טופס מטייפפורם, תקלוט אותו כאירוע',
    'תזין אירוע של קלנדלי על פגישה שנקבעה',
  ],
};

export const LIST_WEBHOOK_EVENTS_EXAMPLES: ToolExamples = {
  en: [
    'what webhooks came in today?',
    'any failed hook deliveries?',
    'show recent GitHub hooks',
    'which incoming ones never got routed?',
    'list pending webhooks',
    'did Stripe send anything?',
    'what\'s come in from Shopify lately?',
    'any hooks stuck in processing?',
    'show ignored deliveries from this week',
    'list everything that failed from PagerDuty',
    'which events are still waiting to be handled',
    'latest 20 incoming hooks please',
  ],
  he: [
    'אילו וובהוקים הגיעו היום?',
    'יש אירועים נכנסים שנכשלו?',
    'מה הגיע מגיטהאב לאחרונה?',
    'אילו אירועים לא נותבו לאף סוכן?',
    'מה הגיע משופיפיי לאחרונה?',
    'יש אירועים שתקועים בעיבוד?',
    'תראה לי את כל מה שנכשל השבוע',
    'אילו אירועים עוד מחכים לטיפול?',
  ],
};

export const GET_WEBHOOK_EVENT_EXAMPLES: ToolExamples = {
  en: [
    'show me event 12',
    'what was in the payload of that failed Stripe one?',
    'why did hook 31 error out?',
    'which rule handled webhook 12?',
    'details on the GitHub issue hook from this morning',
    'open the last Jira delivery',
    'what did the Shopify order payload contain?',
    'open up event 44 and show the error',
    'which agent run did the PagerDuty incident trigger?',
    'raw JSON of the last Typeform one please',
    'where did hook 7 get routed and what happened',
    'details on that unrouted HubSpot delivery',
  ],
  he: [
    'תראה לי את אירוע 12',
    'מה היה בפיילוד של האירוע מסטרייפ?',
    'למה אירוע 31 נכשל?',
    'איזה חוק טיפל באירוע הזה?',
    'מה היה בתוך האירוע של ההזמנה משופיפיי?',
    'תפתח את אירוע 44 ותראה את השגיאה',
    'לאיזה סוכן הלך האירוע מפייג\'ר דיוטי?',
    'תן לי את ה-JSON של הטופס האחרון',
  ],
};
