/**
 * The voice-command phrase parser (docs/product/voice.md): a pure function from what the browser heard to a
 * command, in en-US and ar-EG. Navigation ("go to calendar", "افتح التقويم"), help, and dictating a new
 * meeting: "new meeting title Budget review committee Finance date tomorrow time 3 pm duration 2 hours
 * location Board room virtual yes" gives a draft for the create drawer, which the user confirms.
 */
export type VoiceLang = 'en-US' | 'ar-EG';
export const VOICE_TARGETS = ['home', 'calendar', 'news', 'actionTracker', 'meetings', 'library', 'approvals', 'profile', 'organization'] as const;
export type VoiceTarget = (typeof VOICE_TARGETS)[number];

/** A meeting as dictated: every field the create drawer takes, each only when it was said. */
export interface MeetingDraft {
  title?: string;
  description?: string;
  /** the committee's name as said; the drawer matches it against the user's committees */
  committee?: string;
  /** YYYY-MM-DD */
  date?: string;
  /** HH:mm, 24-hour */
  time?: string;
  /** hours */
  duration?: number;
  location?: string;
  virtual?: boolean;
}

export type VoiceCommand =
  | { kind: 'navigate'; target: VoiceTarget }
  | { kind: 'new-meeting'; draft: MeetingDraft }
  | { kind: 'help' }
  | { kind: 'unknown'; text: string };

type Field = keyof MeetingDraft;

interface Words {
  nav: Record<VoiceTarget, string[]>;
  help: string[];
  newMeeting: string[];
  fields: Record<Field, string[]>;
  today: string[];
  tomorrow: string[];
  yes: string[];
  no: string[];
  am: string[];
  pm: string[];
  hour: string[];
  numbers: Record<string, number>;
  months: string[][];
}

const EN: Words = {
  nav: {
    home: ['home', 'dashboard'],
    calendar: ['calendar'],
    news: ['news'],
    actionTracker: ['action tracker', 'actions tracker', 'tracker'],
    meetings: ['meetings', 'meeting list'],
    library: ['library'],
    approvals: ['approvals', 'approval'],
    profile: ['profile', 'my profile'],
    organization: ['organization', 'organisation'],
  },
  help: ['help', 'voice commands', 'what can i say'],
  newMeeting: ['new meeting', 'create meeting', 'create a meeting', 'schedule a meeting', 'add meeting', 'add a meeting'],
  fields: {
    title: ['title'], description: ['description'], committee: ['committee', 'board'], date: ['date', 'on'], time: ['time', 'at'],
    duration: ['duration', 'for'], location: ['location', 'place'], virtual: ['virtual', 'online'],
  },
  today: ['today'],
  tomorrow: ['tomorrow'],
  yes: ['yes', 'true', 'on', 'yeah'],
  no: ['no', 'false', 'off'],
  am: ['am', 'a.m.', 'a.m', 'in the morning'],
  pm: ['pm', 'p.m.', 'p.m', 'in the afternoon', 'in the evening'],
  hour: ['hours', 'hour', 'hrs', 'hr'],
  numbers: { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, half: 0.5 },
  months: [['january', 'jan'], ['february', 'feb'], ['march', 'mar'], ['april', 'apr'], ['may'], ['june', 'jun'], ['july', 'jul'], ['august', 'aug'], ['september', 'sep', 'sept'], ['october', 'oct'], ['november', 'nov'], ['december', 'dec']],
};

const AR: Words = {
  nav: {
    home: ['الرئيسية', 'الصفحة الرئيسية', 'لوحة التحكم'],
    calendar: ['التقويم'],
    news: ['الأخبار', 'الاخبار'],
    actionTracker: ['متابعة الإجراءات', 'متابعة الاجراءات', 'متتبع الإجراءات', 'متتبع الاجراءات'],
    meetings: ['الاجتماعات'],
    library: ['المكتبة'],
    approvals: ['الموافقات', 'الاعتمادات'],
    profile: ['الملف الشخصي', 'ملفي'],
    organization: ['المنظمة', 'المؤسسة'],
  },
  help: ['مساعدة', 'الأوامر الصوتية', 'الاوامر الصوتية'],
  newMeeting: ['اجتماع جديد', 'أنشئ اجتماع', 'انشئ اجتماع', 'إنشاء اجتماع', 'انشاء اجتماع'],
  fields: {
    title: ['العنوان', 'عنوان'], description: ['الوصف', 'وصف'], committee: ['اللجنة', 'لجنة', 'المجلس'], date: ['التاريخ', 'تاريخ', 'يوم'],
    time: ['الوقت', 'الساعة'], duration: ['المدة', 'مدة'], location: ['المكان', 'مكان', 'الموقع'], virtual: ['افتراضي', 'عن بعد', 'أونلاين'],
  },
  today: ['اليوم'],
  tomorrow: ['غدا', 'غداً', 'بكرة', 'بكره'],
  yes: ['نعم', 'أيوه', 'ايوه', 'أجل'],
  no: ['لا', 'كلا'],
  am: ['صباحا', 'صباحاً', 'الصبح', 'ص'],
  pm: ['مساء', 'مساءً', 'مساءا', 'بالليل', 'العصر', 'الظهر', 'م'],
  hour: ['ساعات', 'ساعة', 'ساعه'],
  numbers: { واحد: 1, ساعة: 1, ساعه: 1, ساعتين: 2, ساعتان: 2, اثنين: 2, اتنين: 2, ثلاث: 3, تلات: 3, ثلاثة: 3, أربع: 4, اربع: 4, أربعة: 4, خمس: 5, نص: 0.5, نصف: 0.5 },
  months: [['يناير'], ['فبراير'], ['مارس'], ['أبريل', 'ابريل'], ['مايو'], ['يونيو'], ['يوليو'], ['أغسطس', 'اغسطس'], ['سبتمبر'], ['أكتوبر', 'اكتوبر'], ['نوفمبر'], ['ديسمبر']],
};

const NAV_VERBS = { 'en-US': ['go to', 'open', 'show', 'show me', 'navigate to', 'take me to'], 'ar-EG': ['اذهب إلى', 'اذهب الى', 'روح على', 'روح', 'افتح', 'اعرض', 'انتقل إلى', 'انتقل الى'] };

const words = (lang: VoiceLang): Words => (lang === 'ar-EG' ? AR : EN);

/**
 * lower case, Arabic-Indic digits to ASCII, no tatweel or diacritics, single spaces, no final punctuation;
 * `keepCase` does all of it but the lower case, word for word the same words (what a title is saved as)
 */
export function normalize(text: string, keepCase = false): string {
  const plain = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u064B-\u0652\u0640]/g, '');
  return (keepCase ? plain : plain.toLowerCase())
    .replace(/[?!.،,؟]+$/g, '')
    .replace(/[,،]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const startsWithPhrase = (text: string, phrase: string) => text === phrase || text.startsWith(`${phrase} `);
const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function number(token: string, w: Words): number | undefined {
  if (/^\d+([.:]\d+)?$/.test(token)) return Number(token.replace(':', '.'));
  return w.numbers[token];
}

/** 'tomorrow', '2026-12-03', '3 december', 'december 3rd', '3/12' (day/month) against `now` (local dates) */
export function parseDate(raw: string, lang: VoiceLang, now: Date): string | undefined {
  const w = words(lang);
  const s = normalize(raw);
  if (w.today.includes(s)) return isoDate(now);
  if (w.tomorrow.includes(s)) return isoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (iso) return `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  const tokens = s.replace(/(\d+)(st|nd|rd|th)\b/g, '$1').split(' ');
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  for (const t of tokens) {
    const m = w.months.findIndex((names) => names.includes(t));
    if (m >= 0) month = m + 1;
    else if (/^\d{4}$/.test(t)) year = Number(t);
    else if (/^\d{1,2}$/.test(t)) day = Number(t);
    else {
      const dm = /^(\d{1,2})\/(\d{1,2})$/.exec(t);
      if (dm) {
        day = Number(dm[1]);
        month = Number(dm[2]);
      }
    }
  }
  if (!day || !month || day > 31 || month > 12) return undefined;
  if (new Date(year ?? 2000, month - 1, day).getMonth() !== month - 1) return undefined;
  let y = year ?? now.getFullYear();
  // a day already past this year means next year's
  if (!year && new Date(y, month - 1, day) < new Date(now.getFullYear(), now.getMonth(), now.getDate())) y += 1;
  return `${y}-${pad(month)}-${pad(day)}`;
}

/** '10:30', '3 pm', '3:15 p.m.', '15:00', 'الساعة 3 مساء' -> HH:mm */
export function parseTime(raw: string, lang: VoiceLang): string | undefined {
  const w = words(lang);
  const s = normalize(raw);
  const m = /(\d{1,2})(?:[:.](\d{2}))?/.exec(s);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  const rest = ` ${s.slice((m.index ?? 0) + m[0].length).trim()} `;
  const has = (list: string[]) => list.some((x) => rest.includes(` ${x} `) || rest.trim() === x);
  if (has(w.pm) && h < 12) h += 12;
  else if (has(w.am) && h === 12) h = 0;
  if (h > 23 || min > 59) return undefined;
  return `${pad(h)}:${pad(min)}`;
}

/** '2 hours', 'two hours', 'an hour and a half' (1.5), 'ساعتين', '3 ساعات' -> hours */
export function parseDuration(raw: string, lang: VoiceLang): number | undefined {
  const w = words(lang);
  let s = normalize(raw).replace(/\b(an|a) hour\b/g, '1 hour');
  const half = /(^| )(and a half|ونص|ونصف)( |$)/.test(s);
  if (half) s = s.replace(/(^| )(and a half|ونص|ونصف)( |$)/g, ' ');
  let total: number | undefined;
  for (const t of s.split(' ')) {
    const n = number(t, w);
    if (n !== undefined) total = (total ?? 0) + n;
  }
  if (half) total = (total ?? 0) + 0.5;
  return total !== undefined && total > 0 && total <= 24 ? total : undefined;
}

function parseYesNo(raw: string, lang: VoiceLang): boolean | undefined {
  const w = words(lang);
  const s = normalize(raw);
  if (s === '' || w.yes.includes(s)) return true;
  if (w.no.includes(s)) return false;
  return undefined;
}

/**
 * Splits the dictation after "new meeting" at field keywords. Only the first word of a segment is matched, so
 * a title may contain "in" or "for" further along; the short English keywords (on, at, for, in) count only
 * when what follows them fits (a date, a time, a duration).
 */
function dictation(rest: string, said: string, lang: VoiceLang, now: Date): MeetingDraft {
  const w = words(lang);
  const tokens = rest.split(' ').filter(Boolean);
  // the same words as said (case kept); a lower case that changed the word count falls back to the matched words
  const saidTokens = said.split(' ').filter(Boolean);
  const shown = saidTokens.length === tokens.length ? saidTokens : tokens;
  const keywords: Array<{ field: Field; words: string[] }> = [];
  for (const [field, list] of Object.entries(w.fields) as Array<[Field, string[]]>) for (const k of list) keywords.push({ field, words: k.split(' ') });
  keywords.sort((a, b) => b.words.length - a.words.length);
  const segments: Array<{ field: Field; text: string[]; said: string[] }> = [];
  const weak = new Set(['on', 'at', 'for']);
  let i = 0;
  while (i < tokens.length) {
    // a field is said once: its keyword said again ("location board room") is part of the text
    const hit = keywords.find((k) => k.words.every((x, j) => tokens[i + j] === x) && !segments.some((s) => s.field === k.field));
    if (hit && !(weak.has(hit.words[0]) && hit.words.length === 1 && !weakFits(hit.field, tokens.slice(i + 1), lang, now, segments))) {
      segments.push({ field: hit.field, text: [], said: [] });
      i += hit.words.length;
      continue;
    }
    if (segments.length) {
      segments[segments.length - 1].text.push(tokens[i]);
      segments[segments.length - 1].said.push(shown[i]);
    } else segments.push({ field: 'title', text: [tokens[i]], said: [shown[i]] });
    i += 1;
  }
  const draft: MeetingDraft = {};
  for (const seg of segments) {
    const text = seg.text.join(' ').trim();
    switch (seg.field) {
      case 'date': {
        const d = parseDate(text, lang, now);
        if (d) draft.date = d;
        break;
      }
      case 'time': {
        const t = parseTime(text, lang);
        if (t) draft.time = t;
        break;
      }
      case 'duration': {
        const h = parseDuration(text, lang);
        if (h !== undefined) draft.duration = h;
        break;
      }
      case 'virtual': {
        const v = parseYesNo(text, lang);
        if (v !== undefined) draft.virtual = v;
        break;
      }
      default:
        if (text) draft[seg.field] = seg.said.join(' ').trim();
    }
  }
  return draft;
}

/** a weak English keyword starts a field only when the words after it read as that field (up to the next keyword) */
function weakFits(field: Field, after: string[], lang: VoiceLang, now: Date, segments: Array<{ field: Field }>): boolean {
  if (segments.some((s) => s.field === field)) return false;
  const probe = after.slice(0, 4).join(' ');
  if (field === 'date') return [1, 2, 3].some((n) => parseDate(after.slice(0, n).join(' '), lang, now) !== undefined);
  if (field === 'time') return /^\d/.test(probe) && parseTime(after.slice(0, 2).join(' '), lang) !== undefined;
  if (field === 'duration') return parseDuration(after.slice(0, 2).join(' '), lang) !== undefined && words(lang).hour.some((h) => after.slice(0, 3).includes(h));
  return false;
}

/** What the browser heard -> the command (`now` gives "today" and "tomorrow"). */
export function parseVoiceCommand(heard: string, lang: VoiceLang, now: Date = new Date()): VoiceCommand {
  const w = words(lang);
  const text = normalize(heard);
  if (!text) return { kind: 'unknown', text: heard };
  if (w.help.some((h) => text === h || startsWithPhrase(text, h))) return { kind: 'help' };
  const create = [...w.newMeeting].sort((a, b) => b.length - a.length).find((p) => startsWithPhrase(text, p));
  if (create) {
    const said = normalize(heard, true);
    return { kind: 'new-meeting', draft: dictation(text.slice(create.length).trim(), said.slice(create.length).trim(), lang, now) };
  }
  let rest = text;
  const verb = [...NAV_VERBS[lang]].sort((a, b) => b.length - a.length).find((v) => startsWithPhrase(text, v));
  if (verb) rest = text.slice(verb.length).trim();
  if (lang === 'en-US') rest = rest.replace(/^(the|my) /, '').replace(/ (page|screen)$/, '');
  else rest = rest.replace(/^(صفحة|شاشة) /, '');
  // the longest phrase wins ("action tracker" before "tracker"; "meeting list" before "meetings")
  const all = VOICE_TARGETS.flatMap((t) => w.nav[t].map((p) => ({ t, p }))).sort((a, b) => b.p.length - a.p.length);
  const hit = all.find(({ p }) => rest === p);
  if (hit) return { kind: 'navigate', target: hit.t };
  return { kind: 'unknown', text: heard };
}
