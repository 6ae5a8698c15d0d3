/**
 * How people ask for list_agents and get_agent, in English and Hebrew, in their own words (colloquial, indirect,
 * abbreviated, with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_AGENTS_EXAMPLES: ToolExamples = {
  en: [
    'which specialists do I have?',
    'which of my agents can read the calendar?',
    'show all the agents',
    'is there a specialist for meeting prep?',
    'did any config files fail to load?',
    'which specialist can draft emails for me?',
    'what bots do I have set up?',
    'do I have one that handles travel?',
    'which specialists have mail access?',
    'list the custom ones I built',
    'any agents broken or failing to load?',
    'which helper would fit expense reports?',
  ],
  he: [
    'איזה סוכן יודע לעבוד עם המיילים?',
    'יש לי כבר סוכן שמטפל בחשבוניות?',
    'תן לי את רשימת הסוכנים עם מה שכל אחד יכול לעשות',
    'תן לי את כל העוזרים הזמינים ומה הם יודעים',
    'יש לי סוכן שמטפל בנסיעות?',
    'לאיזה סוכנים יש גישה למייל?',
    'אילו סוכנים בניתי בעצמי?',
  ],
  keywords: {
    weight: 90,
    en: ['which agents', 'what agents'],
    he: ['אילו סוכנים', 'איזה סוכנים'],
  },
};

export const GET_AGENT_EXAMPLES: ToolExamples = {
  en: [
    'show me the meeting_prep config',
    'what model does the researcher run on?',
    'which tools can weekly_planner use?',
    'details on vendor_contracts',
    'what\'s the system prompt of the writer?',
    'is the summarizer built-in or one of mine?',
    'how is the travel agent configured?',
    'what can the finance bot actually access?',
    'is meeting_prep an override or the original?',
    'show me the settings and prompt for support_bot',
    'which model and temperature does the writer use',
    'tell me about the inbox agent\'s setup',
  ],
  he: [
    'תראה לי את ההגדרות של meeting_prep',
    'על איזה מודל רץ החוקר?',
    'לאילו כלים יש גישה לפלאנר?',
    'מה בדיוק כתוב בפרומפט של סוכן הסיכומים?',
    'איך מוגדר הסוכן של הנסיעות?',
    'לאילו כלים יש גישה לבוט של הכספים?',
    'ה-meeting_prep הוא המקורי או שלי?',
    'תראה לי את הפרומפט והמודל של הכותב',
  ],
};
