import { addMessages } from '../i18n/messages';

/** Messages the gateway returns for the reminder routes and the queue dashboard (fr uses English). */
export const NotificationMessages = {
  dismissedOne: 'Reminder dismissed',
  dismissedAll: 'All reminders dismissed',
  dashboardAdminsOnly: 'The queue dashboard is for organization administrators.',
  foreignJob: 'This job belongs to another organization.',
  queueWideAction: 'Queue-wide actions are not available from an organization dashboard.',
} as const;

addMessages('ar', {
  'Reminder dismissed': 'تم تجاهل التذكير',
  'All reminders dismissed': 'تم تجاهل جميع التذكيرات',
  'The queue dashboard is for organization administrators.': 'لوحة قوائم الانتظار مخصصة لمسؤولي المنظمة.',
});
addMessages('ru', {
  'Reminder dismissed': 'Напоминание скрыто',
  'All reminders dismissed': 'Все напоминания скрыты',
  'The queue dashboard is for organization administrators.': 'Панель очередей доступна только администраторам организации.',
});
