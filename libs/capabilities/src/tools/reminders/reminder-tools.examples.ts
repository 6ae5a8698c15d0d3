/**
 * How people ask for list_reminders, search_reminders, list_reminder_lists, create_reminder, complete_reminder and
 * delete_reminder, in English and Hebrew, in their own words (colloquial, indirect, abbreviated, with names, dates and
 * typos as people write them). Tool selection matches requests against them
 * (libs/orchestration/README.md#adding-a-built-in-tool); none may repeat a request of tools/bench/fixtures
 * (docs/adr/0094).
 */
import type { ToolExamples } from '@chief-of-staff/core';

export const LIST_REMINDERS_EXAMPLES: ToolExamples = {
  en: [
    'what\'s on my to-do?',
    'what do I still need to do this week?',
    'show open reminders in Work',
    'anything due before the end of the month?',
    'what are my todos?',
    'what\'s left to buy on groceries?',
    'what\'s still open on my personal list?',
    'anything I need to do before Friday?',
    'show my high-priority to-dos',
    'what\'s on the house list',
    'everything I haven\'t ticked off yet, by due date',
    'todos for the shop pls',
  ],
  he: [
    'מה יש לי ברשימת המשימות?',
    'מה על הפרק שלי עד סוף השבוע?',
    'מה פתוח אצלי בעבודה?',
    'מה צריך לקנות בסופר?',
    'מה נשאר לי לעשות השבוע?',
    'מה פתוח ברשימה של הבית?',
    'תראה לי את המשימות הדחופות שלי',
    'מה יש לי לעשות לפני יום שישי?',
  ],
  keywords: {
    weight: 88,
    en: ['to-do list', 'todo list', 'my tasks', 'tasks for today'],
    he: ['המשימות שלי'],
  },
};

export const SEARCH_REMINDERS_EXAMPLES: ToolExamples = {
  en: [
    'did I set a reminder about the passport?',
    'is there something about calling the plumber?',
    'find my todo about the car insurance',
    'do I have anything about Mom\'s gift?',
    'the one mentioning Orbit - when is it due?',
    'was there a task with invoice in it, even a finished one?',
    'was there a todo about the boiler?',
    'did I write down something re: Noam\'s school trip form?',
    'find the item about paying the gardener',
    'is the Tanaka quote on any of my lists?',
    'look for anything mentioning vet, done or not',
    'which reminder had the insurance policy number in the notes',
  ],
  he: [
    'שמתי תזכורת לגבי החידוש של הרישיון?',
    'תמצא את המשימה של הביטוח דירה',
    'רשמתי משהו על החשמלאי?',
    'יש משהו שקשור למתנה לחתונה של עידו?',
    'רשמתי משהו על הטופס של הטיול השנתי?',
    'יש לי משימה על הדוד שמש?',
    'תחפש את התזכורת עם הווטרינר',
    'איפה רשמתי לשלם לגנן?',
  ],
};

export const LIST_REMINDER_LISTS_EXAMPLES: ToolExamples = {
  en: [
    'which to-do categories do I have?',
    'any reminder groups besides Work and Personal?',
    'where do new todos go by default?',
    'how many open todos in each category?',
    'do I have a Groceries category for todos?',
    'show all my to-do lists, not the items',
    'what groups are my todos organized into?',
    'which one\'s the default bucket for new items',
    'how many things are open in each of my lists?',
    'is there a separate one for the shop or just Work?',
    'names of my reminder lists please',
    'do I already have a Kids category?',
  ],
  he: [
    'אילו רשימות יש לי?',
    'מה הרשימה הדיפולטיבית שלי?',
    'כמה דברים פתוחים יש בכל רשימה?',
    'יש לי רשימה נפרדת לדברים של הבית?',
    'איזה רשימות תזכורות קיימות אצלי?',
    'לאיזו רשימה נכנס כל דבר חדש?',
    'יש לי רשימה של הילדים?',
    'באיזו רשימה יש הכי הרבה דברים פתוחים?',
  ],
};

export const CREATE_REMINDER_EXAMPLES: ToolExamples = {
  en: [
    'remidn me to renew my passport by April 1',
    'add milk and eggs to groceries',
    'ping me tomorrow at 9 to call the bank',
    'todo: send Dana the slides, high priority',
    'don\'t let me forget the car test on the 20th',
    'put book flights to Rome on my Personal list',
    'add call the gardener to my house list',
    'ping me at 5 to pick up Noam from football',
    'need to sign the school trip form by Wed',
    'put "order printer ink" on the shop list, low priority',
    'remind me sunday to pay the nanny',
    'don\'t let me forget Tanaka\'s quote, due the 10th',
  ],
  he: [
    'תזכיר לי לחדש רישיון נהיגה עד סוף מאי',
    'תוסיף קוטג\' ולחם לרשימת קניות',
    'תזכיר לי ביום ראשון בשמונה לקבוע תור לרופא',
    'שלא אשכח לשלם ארנונה עד סוף החודש',
    'תוסיף לרשימה של הבית להתקשר לגנן',
    'תזכיר לי בחמש לאסוף את נועם מהחוג',
    'שלא אשכח לחתום על הטופס של הטיול עד רביעי',
    'תוסיף לרשימת קניות נייר טואלט וסבון כלים',
  ],
};

export const COMPLETE_REMINDER_EXAMPLES: ToolExamples = {
  en: [
    'done with the passport renewal',
    'check off the bank call',
    'I bought the milk',
    'mark send slides to Dana as done',
    'paid the arnona, tick it',
    'oops, flights aren\'t booked yet, reopen that one',
    'called the gardener, tick that off',
    'signed the trip form, done',
    'Noam\'s picked up',
    'the printer ink is ordered, you can close it',
    'finished paying the nanny',
    'undo, I didn\'t actually send Tanaka the quote',
  ],
  he: [
    'סיימתי עם הרישיון, תסמן',
    'קבעתי תור לרופא, אפשר לסמן',
    'קניתי כבר את הקוטג\'',
    'טעות, עוד לא העברתי את הכסף לוועד, תחזיר את זה לפתוח',
    'התקשרתי לגנן, אפשר לסמן שבוצע',
    'חתמתי על הטופס, תסמן',
    'הזמנתי את הדיו למדפסת',
    'טעיתי, עוד לא שילמתי לבייביסיטר, תפתח מחדש',
  ],
};

export const DELETE_REMINDER_EXAMPLES: ToolExamples = {
  en: [
    'delete the reminder about the plumber',
    'never mind the Rome flights todo, remove it',
    'get rid of the duplicate milk item',
    'I don\'t need that dentist one anymore, trash it',
    'remove reminder 7',
    'scrap the gift for Mom task, my brother got it',
    'the gardener todo is pointless now, remove it',
    'delete the ink one, we\'re getting a new printer',
    'erase "pick up Noam", he\'s getting a ride',
    'remove the item about the trip form, cancelled',
    'get rid of that old boiler reminder',
    'kill the Tanaka quote todo, client went elsewhere',
  ],
  he: [
    'תמחק את התזכורת על החשמלאי',
    'תוריד את המשימה של הוויזה, כבר לא נוסעים',
    'יש פעמיים לחם ברשימה, תמחק אחד',
    'לא צריך יותר את התזכורת לגבי הגז, תמחק',
    'תמחק את המשימה של הגנן, לא רלוונטי',
    'תוריד את התזכורת על הדיו',
    'תמחק את הטיול מהרשימה, בוטל',
    'הלקוח ויתר, תמחק את התזכורת של ההצעה',
  ],
};
