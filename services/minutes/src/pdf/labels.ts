import type { Lang } from '@app/contracts';

/** The minutes PDF's own words in each language (fr answers with the English texts, as the product does). */
const EN = {
  minutes: 'Minutes of the meeting',
  committee: 'Committee',
  date: 'Date',
  duration: 'Duration (minutes)',
  location: 'Location',
  status: 'Status',
  owner: 'Owner',
  attendance: 'Attendance',
  name: 'Name',
  role: 'Role',
  response: 'Response',
  guest: 'Guest',
  representedBy: 'represented by {name}',
  agenda: 'Agenda and conclusions',
  conclusion: 'Conclusion',
  noConclusion: 'No conclusion recorded.',
  inactive: 'Not discussed',
  comments: 'Comments',
  decisions: 'Resolutions',
  deadline: 'Deadline',
  vote: 'Vote',
  votes: 'Votes',
  outcome: 'Outcome',
  votingOpen: 'Voting open',
  actions: 'Actions',
  participant: 'Participant',
  priority: 'Priority',
  openTill: 'Open till',
  summary: 'Summary',
  generated: 'Generated',
  version: 'Version',
  page: 'Page',
  of: 'of',
  subpoint: 'Sub-point',
} as const;
export type MinutesLabels = { readonly [K in keyof typeof EN]: string };

const AR: MinutesLabels = {
  minutes: 'محضر الاجتماع',
  committee: 'اللجنة',
  date: 'التاريخ',
  duration: 'المدة (بالدقائق)',
  location: 'المكان',
  status: 'الحالة',
  owner: 'المالك',
  attendance: 'الحضور',
  name: 'الاسم',
  role: 'الدور',
  response: 'الرد',
  guest: 'ضيف',
  representedBy: 'بالوكالة: {name}',
  agenda: 'جدول الأعمال والخلاصات',
  conclusion: 'الخلاصة',
  noConclusion: 'لم تسجل خلاصة.',
  inactive: 'لم يناقش',
  comments: 'التعليقات',
  decisions: 'القرارات',
  deadline: 'الموعد النهائي',
  vote: 'التصويت',
  votes: 'الأصوات',
  outcome: 'النتيجة',
  votingOpen: 'التصويت مفتوح',
  actions: 'المهام',
  participant: 'المشارك',
  priority: 'الأولوية',
  openTill: 'مفتوح حتى',
  summary: 'الملخص',
  generated: 'تاريخ الإنشاء',
  version: 'النسخة',
  page: 'صفحة',
  of: 'من',
  subpoint: 'بند فرعي',
};

const RU: MinutesLabels = {
  minutes: 'Протокол заседания',
  committee: 'Комитет',
  date: 'Дата',
  duration: 'Продолжительность (минуты)',
  location: 'Место',
  status: 'Статус',
  owner: 'Владелец',
  attendance: 'Присутствие',
  name: 'Имя',
  role: 'Роль',
  response: 'Ответ',
  guest: 'Гость',
  representedBy: 'по доверенности: {name}',
  agenda: 'Повестка и выводы',
  conclusion: 'Вывод',
  noConclusion: 'Вывод не записан.',
  inactive: 'Не обсуждалось',
  comments: 'Комментарии',
  decisions: 'Решения',
  deadline: 'Срок',
  vote: 'Голос',
  votes: 'Голоса',
  outcome: 'Итог',
  votingOpen: 'Голосование открыто',
  actions: 'Поручения',
  participant: 'Участник',
  priority: 'Приоритет',
  openTill: 'Открыто до',
  summary: 'Резюме',
  generated: 'Создано',
  version: 'Версия',
  page: 'Страница',
  of: 'из',
  subpoint: 'Подпункт',
};

export function labelsFor(lang: Lang): MinutesLabels {
  return lang === 'ar' ? AR : lang === 'ru' ? RU : EN;
}

/**
 * The values the minutes and the resolution report print (vote choices, attendance answers, roles, action states,
 * priorities, meeting statuses, outcomes) in the document's language: the words the web shows for them
 * (web/src/locales). A value without a translation prints as it is (English, and French, which reads as English).
 */
const VALUES: Record<'ar' | 'ru', Readonly<Record<string, string>>> = {
  ar: {
    Approved: 'موافق', Denied: 'مرفوض', Abstained: 'ممتنع', Pending: 'قيد الانتظار', Others: 'أخرى', 'Postponed to next meeting': 'مؤجل إلى الاجتماع القادم',
    Going: 'سأحضر', 'Not going': 'لن أحضر', Maybe: 'ربما', Delegate: 'تفويض', Other: 'أخرى',
    Viewer: 'مشاهد', Editor: 'محرر', Owner: 'المالك',
    'In Progress': 'قيد التنفيذ', Complete: 'مكتمل', 'Not Complete': 'غير مكتمل', 'Not started': 'لم يبدأ',
    High: 'عالية', Normal: 'عادية', Low: 'منخفضة',
    Draft: 'مسودة', Scheduled: 'مجدول', Live: 'مباشر', Cancelled: 'ملغى', Archived: 'مؤرشف',
    Passed: 'أُقرّ', Rejected: 'رُفض', 'No quorum': 'لم يكتمل النصاب',
  },
  ru: {
    Approved: 'За', Denied: 'Против', Abstained: 'Воздержался', Pending: 'Ожидает', Others: 'Другое', 'Postponed to next meeting': 'Перенесено на следующую встречу',
    Going: 'Приду', 'Not going': 'Не приду', Maybe: 'Возможно', Delegate: 'Делегирую', Other: 'Другое',
    Viewer: 'Зритель', Editor: 'Редактор', Owner: 'Владелец',
    'In Progress': 'В работе', Complete: 'Выполнено', 'Not Complete': 'Не выполнено', 'Not started': 'Не начато',
    High: 'Высокий', Normal: 'Обычный', Low: 'Низкий',
    Draft: 'Черновик', Scheduled: 'Запланирована', Live: 'Идёт', Cancelled: 'Отменена', Archived: 'В архиве',
    Passed: 'Принято', Rejected: 'Отклонено', 'No quorum': 'Нет кворума',
  },
};

/** a printed value in the document's language (see VALUES); the value itself when the language has no word for it */
export function valueIn(lang: Lang, value: string | null | undefined): string {
  const v = value ?? '';
  return lang === 'ar' || lang === 'ru' ? (VALUES[lang][v] ?? v) : v;
}
