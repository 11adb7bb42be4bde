import { addMessages } from '@app/contracts';

/** Arabic and Russian sentences of the minutes e-mails (fr uses English). */
addMessages('ar', {
  'Minutes published: {title}': 'تم نشر المحضر: {title}',
  'Corrected minutes published: {title}': 'تم نشر المحضر المصحّح: {title}',
  'The minutes are published': 'تم نشر المحضر',
  'The corrected minutes are published': 'تم نشر المحضر المصحّح',
  'The minutes of "{title}" have been approved, signed and published by {org}.': 'تم اعتماد محضر "{title}" وتوقيعه ونشره من قبل {org}.',
  'Edition': 'النسخة',
  'The published minutes are locked: a change is made as a correction, which is approved again.': 'المحضر المنشور مقفل: يتم أي تغيير كتصحيح يُعتمد من جديد.',
  'Reminder: review the minutes of "{title}" before {date}': 'تذكير: راجع محضر "{title}" قبل {date}',
  'The review of the minutes closes soon': 'تنتهي مراجعة المحضر قريبًا',
  'You were asked to review the draft minutes of "{title}" and have not commented yet. The review is due on {date}.': 'طُلب منك مراجعة مسودة محضر "{title}" ولم تعلّق بعد. موعد انتهاء المراجعة {date}.',
  'Review the minutes': 'راجع المحضر',
  'Comment on each section in the minutes card of the meeting.': 'علّق على كل قسم في بطاقة المحضر في صفحة الاجتماع.',
});

addMessages('ru', {
  'Minutes published: {title}': 'Протокол опубликован: {title}',
  'Corrected minutes published: {title}': 'Исправленный протокол опубликован: {title}',
  'The minutes are published': 'Протокол опубликован',
  'The corrected minutes are published': 'Исправленный протокол опубликован',
  'The minutes of "{title}" have been approved, signed and published by {org}.': 'Протокол заседания «{title}» утверждён, подписан и опубликован организацией {org}.',
  'Edition': 'Редакция',
  'The published minutes are locked: a change is made as a correction, which is approved again.': 'Опубликованный протокол закрыт для изменений: изменение вносится исправлением, которое утверждается заново.',
  'Reminder: review the minutes of "{title}" before {date}': 'Напоминание: отрецензируйте протокол «{title}» до {date}',
  'The review of the minutes closes soon': 'Рецензирование протокола скоро закончится',
  'You were asked to review the draft minutes of "{title}" and have not commented yet. The review is due on {date}.': 'Вас попросили отрецензировать проект протокола «{title}», а вы ещё не оставили замечаний. Срок рецензирования: {date}.',
  'Review the minutes': 'Отрецензировать протокол',
  'Comment on each section in the minutes card of the meeting.': 'Оставляйте замечания к каждому разделу в карточке протокола на странице заседания.',
});
