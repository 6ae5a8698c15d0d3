/**
 * How people ask for get_agent_memory, store_agent_memory, clear_agent_memory, store_shared_memory and
 * get_shared_memory, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates
 * and typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const GET_AGENT_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'what has the researcher agent learned about me?',
    'show the meeting_prep agent\'s saved preferences',
    'what does the writer remember about my tone?',
    'check what context the planner is carrying around',
    'what insights has weekly_planner picked up so far?',
    'read back the researcher\'s notes on report style',
    'what has the inbox agent picked up about my preferences?',
    'does the travel planner know I hate layovers?',
    'list the stuff the writer saved on tone',
    'what context is the finance agent holding on to?',
    'show me meeting_prep\'s stored insights',
    'what has the support bot learned so far?',
  ],
  he: [
    'מה הסוכן של המחקר זוכר עליי?',
    'אילו העדפות ה-meeting_prep שמר לעצמו?',
    'מה הכותב למד על איך שאני אוהב שינסחו?',
    'תראה לי את ההקשר שהפלאנר סוחב איתו',
    'מה הסוכן של המיילים למד עליי עד עכשיו?',
    'הסוכן של הטיסות זוכר שאני לא אוהב עצירות?',
    'תראה לי מה הכותב שמר לגבי הסגנון',
    'מה הסוכן של הכספים יודע עליי?',
  ],
};

export const STORE_AGENT_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'tell the researcher I like bullet points',
    'the writer agent should always use a friendly tone from now on',
    'make meeting_prep remember I want agendas 24h ahead',
    'teach the planner that Fridays are off-limits',
    'for future reports, the summarizer should keep it to one page',
    'the inbox agent should skip marketing newsletters going forward',
    'travel planner should know I never take red-eyes',
    'have the writer remember to sign off with Best, Dana',
    'the inbox agent should treat anything from Miri as urgent, always',
    'let meeting_prep keep in mind that I like agendas in bullets',
    'finance agent: our currency is ILS, not USD, remember',
    'make the researcher note that I prefer peer-reviewed sources',
  ],
  he: [
    'שהסוכן של הסיכומים יזכור שאני מעדיף נקודות',
    'תלמד את הפלאנר ששישי אצלי חופש',
    'מעכשיו שהסוכן של המיילים יכתוב בטון פחות רשמי',
    'תגיד לחוקר שיביא תמיד מקורות, שיזכור את זה',
    'שסוכן הטיסות יזכור שאני טס רק באל על',
    'תגיד לסוכן המיילים שכל מה שמרונית זה דחוף',
    'שהכותב יזכור לחתום תמיד בשם המלא שלי',
    'תלמד את סוכן הכספים שהמטבע שלנו זה שקל',
  ],
};

export const CLEAR_AGENT_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'wipe the researcher\'s memory',
    'make the planner forget everything it learned',
    'reset meeting_prep\'s preferences',
    'erase only the writer\'s context notes',
    'the summarizer got report_style wrong, delete just that entry',
    'start the researcher fresh, blank slate',
    'the writer\'s learned habits are all wrong, reset it',
    'erase the travel planner\'s preferences only',
    'delete the currency entry from the finance agent\'s memory',
    'inbox agent should forget everything about Miri',
    'wipe the support bot\'s context clean',
    'start meeting_prep over from zero',
  ],
  he: [
    'תאפס את הזיכרון של הסוכן של המחקר',
    'שהפלאנר ישכח הכל ויתחיל מאפס',
    'תמחק לסוכן של הכתיבה את ההעדפות',
    'תנקה לסוכן הסיכומים את מה שהוא למד על הסגנון',
    'תמחק את כל מה שהסוכן של הטיסות למד',
    'שהסוכן של המיילים ישכח את ההעדפות שלו',
    'תנקה לכותב את הזיכרון, הוא למד דברים לא נכונים',
    'תאפס לסוכן הכספים את ההקשר',
  ],
};

export const STORE_SHARED_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'put retention over acquisition in team-notes as the Q3 focus',
    'let all the agents know the launch date is May 4',
    'add to the common notes: client name is Orbit Labs',
    'write q3_focus into the team namespace',
    'tell every agent I\'m out of office Aug 1-14',
    'in the project-x space, budget owner is Dana',
    'let every agent know our fiscal year starts April',
    'put in the team space: Tanaka account is priority',
    'write to ops-notes that the office is closed on holidays',
    'all agents should see that our brand color is navy',
    'add to the shared notes: Dana approves all spend over 5k',
    'in family-notes set school pickup to 15:30',
  ],
  he: [
    'תכתוב במחברת המשותפת שהלקוח הגדול שלנו הוא אלביט',
    'תשמור ב-team-notes שהפוקוס ברבעון הוא שימור לקוחות',
    'תעדכן את כל הסוכנים שהתקציב לאירוע הוא 50 אלף',
    'שכל הסוכנים ידעו שאני במילואים עד סוף החודש',
    'תכתוב במרחב המשותף שהשנה הפיסקלית מתחילה באפריל',
    'שכל הסוכנים ידעו שהלקוח מיפן הוא בעדיפות',
    'תוסיף ל-family-notes שאיסוף מהגן ב-16:00',
    'תשמור למשותף שרונית מאשרת הוצאות מעל 5,000',
  ],
};

export const GET_SHARED_MEMORY_EXAMPLES: ToolExamples = {
  en: [
    'what\'s in team-notes?',
    'what do the agents all know about the launch?',
    'show the project-x entries',
    'read me the common notes the agents share',
    'anything in the shared space mentioning budget?',
    'what does the q3_focus entry say?',
    'dump the ops-notes namespace for me',
    'show me what all the agents share about Tanaka',
    'read the family-notes namespace',
    'anything shared about the fiscal year?',
    'what does the team space say about pricing',
    'list entries in the common notes with budget in them',
  ],
  he: [
    'מה כתוב ב-team-notes?',
    'מה יש במחברת המשותפת של הסוכנים?',
    'מה כל הסוכנים יודעים על ההשקה?',
    'יש משהו משותף שמזכיר תקציב?',
    'מה יש ב-ops-notes?',
    'מה כתוב במרחב המשותף על הלקוח מיפן?',
    'תקריא לי את family-notes',
    'יש משהו משותף לגבי אישורי הוצאות?',
  ],
};
