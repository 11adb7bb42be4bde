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
});

addMessages('ru', {
  'Minutes published: {title}': 'Протокол опубликован: {title}',
  'Corrected minutes published: {title}': 'Исправленный протокол опубликован: {title}',
  'The minutes are published': 'Протокол опубликован',
  'The corrected minutes are published': 'Исправленный протокол опубликован',
  'The minutes of "{title}" have been approved, signed and published by {org}.': 'Протокол заседания «{title}» утверждён, подписан и опубликован организацией {org}.',
  'Edition': 'Редакция',
  'The published minutes are locked: a change is made as a correction, which is approved again.': 'Опубликованный протокол закрыт для изменений: изменение вносится исправлением, которое утверждается заново.',
});
