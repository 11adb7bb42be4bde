import { addMessages } from '@app/contracts';

/** Sentences shared by every e-mail (greeting, footer). */
addMessages('ar', {
  'Hello {name},': 'مرحبًا {name}،',
  'Hello,': 'مرحبًا،',
  'This link expires on {date}.': 'تنتهي صلاحية هذا الرابط في {date}.',
  'This e-mail was sent by {org}.': 'أُرسلت هذه الرسالة من {org}.',
});
addMessages('ru', {
  'Hello {name},': 'Здравствуйте, {name}!',
  'Hello,': 'Здравствуйте!',
  'This link expires on {date}.': 'Срок действия ссылки истекает {date}.',
  'This e-mail was sent by {org}.': 'Это письмо отправлено от имени {org}.',
});
