import { addMessages } from '@app/contracts';

/** Arabic and Russian sentences of the evaluation e-mails and reminders (fr uses English). */
addMessages('ar', {
  'Questionnaire to answer: {title}': 'استبيان بانتظار إجابتك: {title}',
  'A questionnaire is waiting for your answers': 'استبيان بانتظار إجاباتك',
  '{org} asks the members of {committee} to answer "{title}" before {date}.': 'تطلب {org} من أعضاء {committee} الإجابة على "{title}" قبل {date}.',
  'Committee': 'اللجنة',
  'Answer the questionnaire': 'أجب عن الاستبيان',
  'Your answers are anonymous: the results show only totals, and only once at least 3 members have answered.': 'إجاباتك مجهولة الهوية: لا تُظهر النتائج سوى المجاميع، وفقط بعد أن يجيب 3 أعضاء على الأقل.',
  'This questionnaire is not anonymous: the secretary sees your answers with your name.': 'هذا الاستبيان ليس مجهول الهوية: يرى أمين السر إجاباتك مع اسمك.',
  'Reminder: answer "{title}" before {date}': 'تذكير: أجب عن "{title}" قبل {date}',
  'The questionnaire closes soon': 'يُغلق الاستبيان قريبًا',
  'You have not answered "{title}" yet. It closes on {date}.': 'لم تُجب عن "{title}" بعد. يُغلق في {date}.',
  'Questionnaire closes soon: {title}': 'يُغلق الاستبيان قريبًا: {title}',
  'Answer before {date}.': 'أجب قبل {date}.',
});

addMessages('ru', {
  'Questionnaire to answer: {title}': 'Анкета ждёт ответа: {title}',
  'A questionnaire is waiting for your answers': 'Анкета ждёт ваших ответов',
  '{org} asks the members of {committee} to answer "{title}" before {date}.': '{org} просит членов комитета «{committee}» ответить на анкету «{title}» до {date}.',
  'Committee': 'Комитет',
  'Answer the questionnaire': 'Ответить на анкету',
  'Your answers are anonymous: the results show only totals, and only once at least 3 members have answered.': 'Ваши ответы анонимны: в результатах видны только итоги, и только когда ответят не меньше 3 членов.',
  'This questionnaire is not anonymous: the secretary sees your answers with your name.': 'Эта анкета не анонимна: секретарь видит ваши ответы с вашим именем.',
  'Reminder: answer "{title}" before {date}': 'Напоминание: ответьте на «{title}» до {date}',
  'The questionnaire closes soon': 'Анкета скоро закроется',
  'You have not answered "{title}" yet. It closes on {date}.': 'Вы ещё не ответили на «{title}». Анкета закрывается {date}.',
  'Questionnaire closes soon: {title}': 'Анкета скоро закроется: {title}',
  'Answer before {date}.': 'Ответьте до {date}.',
});
