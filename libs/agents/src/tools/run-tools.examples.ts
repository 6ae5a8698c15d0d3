/**
 * How people ask for run_agent and dispatch_agents, in English and Hebrew, in their own words (colloquial, indirect,
 * abbreviated, with names, dates and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const RUN_AGENT_EXAMPLES: ToolExamples = {
  en: [
    'have meeting_prep get me ready for my 1:1 with Dana tomorrow',
    'ask the researcher to dig into Orbit Labs\' funding',
    'let weekly_planner plan out next week',
    'get the writer to draft the newsletter intro',
    'run vendor_contracts on the new Acme deal',
    'send this to the researcher: compare 3 CRMs',
    'have the travel planner find flights to Crete for Aug 3',
    'let the finance bot go over last month\'s expenses',
    'ask support_bot to draft replies to the open tickets',
    'get the school helper to list this week\'s deadlines',
    'have the writer polish my speech for the wedding',
    'researcher: find 3 pediatric dentists near Modiin',
  ],
  he: [
    'שהסוכן של ההכנה לפגישות יכין אותי לראיון עם רונית',
    'תבקש מהחוקר לבדוק מי המתחרים של וויקס',
    'תפעיל את הפלאנר על החודש הבא',
    'שהכותב ינסח פוסט ללינקדאין על ההשקה',
    'שהסוכן של הנסיעות ימצא לי טיסות לכרתים',
    'תבקש מהבוט של הכספים לעבור על ההוצאות של החודש',
    'שהעוזר של בית הספר יגיד מה יש השבוע',
    'תן לכותב לשפר לי את הנאום לחתונה',
  ],
};

export const DISPATCH_AGENTS_EXAMPLES: ToolExamples = {
  en: [
    'get every agent to give me a weekly status',
    'ask project_manager and the researcher the same thing: Q3 risks',
    'have everyone with calendar access check next week',
    'run this by all the specialists and summarize',
    'fan out what\'s blocking launch to the whole bunch',
    'poll planner, writer and researcher on the offsite plan',
    'ask every agent with mail access to flag anything urgent',
    'get the writer and the researcher both on the launch blog',
    'have all my bots weigh in on the budget cut and merge answers',
    'send the same question to finance and ops agents',
    'poll the specialists: should we open a Berlin office?',
    'every agent: what\'s my biggest risk this month',
  ],
  he: [
    'שכל הסוכנים יתנו לי סטטוס לקראת הישיבה',
    'תשאל את החוקר ואת מנהל הפרויקטים ביחד על הסיכונים',
    'תעביר את השאלה לכל הסוכנים ותן לי סיכום אחד',
    'שכל מי שיש לו גישה ליומן יבדוק את החג',
    'תשאל את כל הבוטים שיש להם מייל מה דחוף',
    'שהכותב והחוקר שניהם יעבדו על הפוסט להשקה',
    'תעביר לכל העוזרים את השאלה על הקיצוץ ותאחד תשובות',
    'תשאל את כולם מה הסיכון הכי גדול החודש',
  ],
};
