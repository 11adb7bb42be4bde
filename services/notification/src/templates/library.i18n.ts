import { addMessages } from '@app/contracts';

/** Arabic and Russian sentences of library e-mails (fr uses English). */
addMessages('ar', {
  'the folder "{name}"': 'المجلد "{name}"',
  'the file "{name}"': 'الملف "{name}"',
  '{by} shared a folder with you: {name}': 'شارك {by} مجلدًا معك: {name}',
  '{by} shared a file with you: {name}': 'شارك {by} ملفًا معك: {name}',
  'A folder was shared with you': 'تمت مشاركة مجلد معك',
  'A file was shared with you': 'تمت مشاركة ملف معك',
  '{by} shared {what} with you in {org}. You find it under "Shared with me" in the library.': 'شارك {by} {what} معك في {org}. تجده ضمن "تمت مشاركته معي" في المكتبة.',
  Permission: 'الصلاحية',
  'View and edit': 'عرض وتعديل',
  View: 'عرض',
  'Access until': 'الوصول حتى',
  'Until the share is removed': 'حتى إلغاء المشاركة',
  'Open the library': 'فتح المكتبة',
});

addMessages('ru', {
  'the folder "{name}"': 'папкой «{name}»',
  'the file "{name}"': 'файлом «{name}»',
  '{by} shared a folder with you: {name}': '{by} поделился(ась) с вами папкой: {name}',
  '{by} shared a file with you: {name}': '{by} поделился(ась) с вами файлом: {name}',
  'A folder was shared with you': 'С вами поделились папкой',
  'A file was shared with you': 'С вами поделились файлом',
  '{by} shared {what} with you in {org}. You find it under "Shared with me" in the library.': '{by} поделился(ась) с вами {what} в {org}. Вы найдёте его в библиотеке в разделе «Доступные мне».',
  Permission: 'Права',
  'View and edit': 'Просмотр и изменение',
  View: 'Просмотр',
  'Access until': 'Доступ до',
  'Until the share is removed': 'Пока доступ не отменят',
  'Open the library': 'Открыть библиотеку',
});
