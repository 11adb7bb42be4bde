import { AppPaths, type Lang } from '@app/contracts';
import type { VoiceCommand, VoiceTarget } from './parse';

/** where each navigation command goes */
export const VOICE_PATHS: Record<VoiceTarget, string> = {
  home: AppPaths.home(),
  calendar: AppPaths.calendar(),
  news: AppPaths.news(),
  actionTracker: AppPaths.actionTracker(),
  meetings: AppPaths.meetings(),
  library: AppPaths.library(),
  approvals: AppPaths.approvals(),
  profile: AppPaths.profile(),
  organization: AppPaths.settingsOrganization(),
};

/** What the shell does with a command: go somewhere, show the help, hand a draft to the create drawer, or nothing. */
export type VoiceAction = { go: string } | { help: true } | { draft: Extract<VoiceCommand, { kind: 'new-meeting' }>['draft']; go: string } | { none: string };

export function actionOf(c: VoiceCommand): VoiceAction {
  switch (c.kind) {
    case 'navigate':
      return { go: VOICE_PATHS[c.target] };
    case 'help':
      return { help: true };
    case 'new-meeting':
      return { draft: c.draft, go: AppPaths.meetings() };
    default:
      return { none: c.text };
  }
}

interface HelpText {
  title: string;
  intro: string;
  navigate: string;
  dictate: string;
  dictateExample: string;
  fields: string;
  help: string;
  unsupported: string;
  listen: string;
  notUnderstood: string;
  rows: Array<[string, string]>;
}

const EN_ROWS: Array<[string, string]> = [
  ['go to home', 'Home'], ['open calendar', 'Calendar'], ['go to news', 'News'], ['open action tracker', 'Action tracker'], ['go to meetings', 'Meetings'],
  ['open library', 'Library'], ['go to approvals', 'Approvals'], ['open my profile', 'Profile'], ['go to organization', 'Organization'],
];
const AR_ROWS: Array<[string, string]> = [
  ['اذهب إلى الرئيسية', 'الرئيسية'], ['افتح التقويم', 'التقويم'], ['افتح الأخبار', 'الأخبار'], ['افتح متابعة الإجراءات', 'متابعة الإجراءات'], ['افتح الاجتماعات', 'الاجتماعات'],
  ['افتح المكتبة', 'المكتبة'], ['افتح الموافقات', 'الموافقات'], ['افتح الملف الشخصي', 'الملف الشخصي'], ['اذهب إلى المنظمة', 'المنظمة'],
];

/** The help page's text: the phrases are those of the recognition language (en-US, ar-EG), the explanations in the interface language. */
export const VOICE_HELP: Record<'en' | 'ar' | 'ru', HelpText> = {
  en: {
    title: 'Voice commands', intro: 'Press the microphone in the header and say one of these.', navigate: 'Go to a page', dictate: 'Dictate a new meeting',
    dictateExample: 'new meeting title Budget review committee Finance date tomorrow time 3 pm duration 2 hours location Board room virtual no',
    fields: 'Fields: title, description, committee, date, time, duration (hours), location, virtual (yes or no). The create form opens filled in for you to check and save.',
    help: 'Say "help" to open this page.', unsupported: 'This browser cannot listen; voice commands are not available here.', listen: 'Voice command', notUnderstood: 'Command not understood',
    rows: EN_ROWS,
  },
  ar: {
    title: 'الأوامر الصوتية', intro: 'اضغط على الميكروفون في الأعلى وقل أحد هذه الأوامر.', navigate: 'الانتقال إلى صفحة', dictate: 'إملاء اجتماع جديد',
    dictateExample: 'اجتماع جديد العنوان مراجعة الميزانية اللجنة المالية التاريخ غدا الوقت 3 مساء المدة ساعتين المكان قاعة المجلس افتراضي لا',
    fields: 'الحقول: العنوان، الوصف، اللجنة، التاريخ، الوقت، المدة (بالساعات)، المكان، افتراضي (نعم أو لا). يفتح نموذج الإنشاء معبأً لتراجعه وتحفظه.',
    help: 'قل "مساعدة" لفتح هذه الصفحة.', unsupported: 'هذا المتصفح لا يدعم التعرف على الكلام؛ الأوامر الصوتية غير متاحة هنا.', listen: 'أمر صوتي', notUnderstood: 'لم يُفهم الأمر',
    rows: AR_ROWS,
  },
  ru: {
    title: 'Голосовые команды', intro: 'Нажмите на микрофон в заголовке и произнесите одну из команд (на английском).', navigate: 'Перейти на страницу', dictate: 'Продиктовать новое совещание',
    dictateExample: 'new meeting title Budget review committee Finance date tomorrow time 3 pm duration 2 hours location Board room virtual no',
    fields: 'Поля: title, description, committee, date, time, duration (часы), location, virtual (yes или no). Форма создания откроется заполненной для проверки и сохранения.',
    help: 'Скажите «help», чтобы открыть эту страницу.', unsupported: 'Этот браузер не умеет распознавать речь; голосовые команды здесь недоступны.', listen: 'Голосовая команда', notUnderstood: 'Команда не распознана',
    rows: EN_ROWS,
  },
};

export const helpTextOf = (lang: Lang): HelpText => (lang === 'ar' ? VOICE_HELP.ar : lang === 'ru' ? VOICE_HELP.ru : VOICE_HELP.en);
