import { addMessages } from '@app/contracts';

/** Arabic and Russian sentences of approval e-mails (fr uses English). */
addMessages('ar', {
  'Your signature is requested: {title}': 'مطلوب توقيعك: {title}',
  'Your signature is requested': 'مطلوب توقيعك',
  '{by} asks you to review and sign "{title}" for {org}.': 'يطلب منك {by} مراجعة "{title}" وتوقيعه لصالح {org}.',
  'Open the approval': 'فتح الموافقة',
  'This link is personal: it lets you sign as a guest without an account. Please do not forward it.': 'هذا الرابط شخصي: يتيح لك التوقيع كضيف دون حساب. يرجى عدم إعادة توجيهه.',
  '{name} signed "{title}"': 'وقّع {name} على "{title}"',
  'A step was signed': 'تم توقيع خطوة',
  '{name} signed "{title}".': 'وقّع {name} على "{title}".',
  '{name} rejected "{title}"': 'رفض {name} "{title}"',
  'The approval was rejected': 'تم رفض الموافقة',
  '{name} rejected "{title}". The approval has ended.': 'رفض {name} "{title}". انتهت الموافقة.',
  'Reason': 'السبب',
  '"{title}" is fully signed': 'تم توقيع "{title}" بالكامل',
  'The approval is complete': 'اكتملت الموافقة',
  'Every step has signed "{title}". The sealed document with its audit certificate can be downloaded.': 'وقّعت جميع الخطوات على "{title}". يمكن تنزيل المستند المختوم مع شهادة التدقيق.',
});

addMessages('ru', {
  'Your signature is requested: {title}': 'Требуется ваша подпись: {title}',
  'Your signature is requested': 'Требуется ваша подпись',
  '{by} asks you to review and sign "{title}" for {org}.': '{by} просит вас проверить и подписать «{title}» для {org}.',
  'Open the approval': 'Открыть согласование',
  'This link is personal: it lets you sign as a guest without an account. Please do not forward it.': 'Это личная ссылка: она позволяет подписать как гость без учётной записи. Пожалуйста, не пересылайте её.',
  '{name} signed "{title}"': '{name} подписал(а) «{title}»',
  'A step was signed': 'Этап подписан',
  '{name} signed "{title}".': '{name} подписал(а) «{title}».',
  '{name} rejected "{title}"': '{name} отклонил(а) «{title}»',
  'The approval was rejected': 'Согласование отклонено',
  '{name} rejected "{title}". The approval has ended.': '{name} отклонил(а) «{title}». Согласование завершено.',
  'Reason': 'Причина',
  '"{title}" is fully signed': '«{title}» полностью подписан',
  'The approval is complete': 'Согласование завершено',
  'Every step has signed "{title}". The sealed document with its audit certificate can be downloaded.': 'Все этапы подписали «{title}». Запечатанный документ с сертификатом аудита можно скачать.',
});
