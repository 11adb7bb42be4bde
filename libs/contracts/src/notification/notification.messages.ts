import { addMessages } from '../i18n/messages';

/** Messages the gateway returns for the reminder routes (fr uses English). */
export const NotificationMessages = {
  dismissedOne: 'Reminder dismissed',
  dismissedAll: 'All reminders dismissed',
} as const;

addMessages('ar', {
  'Reminder dismissed': 'تم تجاهل التذكير',
  'All reminders dismissed': 'تم تجاهل جميع التذكيرات',
});
addMessages('ru', {
  'Reminder dismissed': 'Напоминание скрыто',
  'All reminders dismissed': 'Все напоминания скрыты',
});
