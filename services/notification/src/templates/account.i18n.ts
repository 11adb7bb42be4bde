import { addMessages } from '@app/contracts';

addMessages('ar', {
  'You are invited to join {org}': 'أنت مدعو للانضمام إلى {org}',
  'Welcome to {org}': 'مرحبًا بك في {org}',
  '{inviter} has invited you to join {org} on the board meeting platform.': 'دعاك {inviter} للانضمام إلى {org} على منصة اجتماعات المجالس.',
  'You have been invited to join {org} on the board meeting platform.': 'تمت دعوتك للانضمام إلى {org} على منصة اجتماعات المجالس.',
  'Complete your profile and choose a password to sign in.': 'أكمل ملفك الشخصي واختر كلمة مرور لتسجيل الدخول.',
  'Complete your profile': 'أكمل ملفك الشخصي',
  'If you did not expect this invitation, you can ignore this e-mail.': 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
  'Reset your {org} password': 'إعادة تعيين كلمة مرور {org}',
  'Reset your password': 'إعادة تعيين كلمة المرور',
  'We received a request to reset the password of your {org} account.': 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك في {org}.',
  'Reset password': 'إعادة تعيين كلمة المرور',
  'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.':
    'إذا لم تطلب إعادة تعيين كلمة المرور، يمكنك تجاهل هذه الرسالة؛ ستبقى كلمة المرور كما هي.',
  'Verify your e-mail address for {org}': 'تحقق من بريدك الإلكتروني لدى {org}',
  'Verify your e-mail address': 'تحقق من بريدك الإلكتروني',
  'Please confirm that {email} is your e-mail address to finish signing in to {org}.': 'يرجى تأكيد أن {email} هو بريدك الإلكتروني لإكمال تسجيل الدخول إلى {org}.',
  'Verify e-mail address': 'تأكيد البريد الإلكتروني',
  'If you did not try to sign in, you can ignore this e-mail.': 'إذا لم تحاول تسجيل الدخول، يمكنك تجاهل هذه الرسالة.',
});

addMessages('ru', {
  'You are invited to join {org}': 'Приглашение в {org}',
  'Welcome to {org}': 'Добро пожаловать в {org}',
  '{inviter} has invited you to join {org} on the board meeting platform.': '{inviter} приглашает вас присоединиться к {org} на платформе заседаний.',
  'You have been invited to join {org} on the board meeting platform.': 'Вас пригласили присоединиться к {org} на платформе заседаний.',
  'Complete your profile and choose a password to sign in.': 'Заполните профиль и задайте пароль, чтобы войти.',
  'Complete your profile': 'Заполнить профиль',
  'If you did not expect this invitation, you can ignore this e-mail.': 'Если вы не ожидали этого приглашения, просто проигнорируйте это письмо.',
  'Reset your {org} password': 'Сброс пароля в {org}',
  'Reset your password': 'Сброс пароля',
  'We received a request to reset the password of your {org} account.': 'Мы получили запрос на сброс пароля вашей учётной записи в {org}.',
  'Reset password': 'Сбросить пароль',
  'If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.':
    'Если вы не запрашивали сброс пароля, проигнорируйте это письмо — ваш пароль останется прежним.',
  'Verify your e-mail address for {org}': 'Подтвердите адрес электронной почты для {org}',
  'Verify your e-mail address': 'Подтвердите адрес электронной почты',
  'Please confirm that {email} is your e-mail address to finish signing in to {org}.': 'Подтвердите, что {email} — ваш адрес электронной почты, чтобы завершить вход в {org}.',
  'Verify e-mail address': 'Подтвердить адрес',
  'If you did not try to sign in, you can ignore this e-mail.': 'Если вы не пытались войти, просто проигнорируйте это письмо.',
});
