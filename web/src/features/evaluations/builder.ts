import { EVALUATION_DEFAULT_REMINDERS, type Localized, type Question, type QuestionKind, type QuestionnaireBody, type Section } from '@app/contracts';

/**
 * The questionnaire builder's draft and its pure steps (docs/evaluations.md): texts are edited one language at a
 * time (English is required, the others fall back to it), ids are made here once and never reused in a draft.
 */
export type EditLang = 'en' | 'ar' | 'fr' | 'ru';
export const EDIT_LANGS: readonly EditLang[] = ['en', 'ar', 'fr', 'ru'];

export interface Draft {
  title: Localized;
  anonymous: boolean;
  sections: Section[];
}

/** a text with one language set (a blank other language is removed: it falls back to English) */
export function setText(t: Localized | undefined, lang: EditLang, value: string): Localized {
  const next: Record<string, string> = { ...(t ?? { en: '' }) };
  if (lang !== 'en' && value.trim() === '') delete next[lang];
  else next[lang] = value;
  return next as Localized;
}
export const textIn = (t: Localized | undefined, lang: EditLang): string => ((t as Record<string, string | undefined> | undefined)?.[lang] ?? '');

/** the next free id with a prefix among the given ones: q1, q2, … */
export function nextId(prefix: string, taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

const allQuestionIds = (d: Draft) => d.sections.flatMap((s) => s.questions.map((q) => q.id));

export function newQuestion(d: Draft, kind: QuestionKind): Question {
  const id = nextId('q', allQuestionIds(d));
  if (kind === 'single' || kind === 'multiple') return { id, kind, text: { en: '' }, required: true, options: [{ id: 'o1', text: { en: '' } }, { id: 'o2', text: { en: '' } }] };
  return { id, kind, text: { en: '' }, required: kind !== 'text' };
}

/** a question changed to another kind keeps its id and text; choices gain two options, others lose them */
export function withKind(q: Question, kind: QuestionKind): Question {
  const base = { id: q.id, text: q.text, required: q.required };
  if (kind === 'single' || kind === 'multiple') {
    const options = 'options' in q ? q.options : [{ id: 'o1', text: { en: '' } }, { id: 'o2', text: { en: '' } }];
    return { ...base, kind, options };
  }
  return { ...base, kind };
}

export function emptyDraft(): Draft {
  const d: Draft = { title: { en: '' }, anonymous: true, sections: [] };
  return { ...d, sections: [{ id: 's1', title: { en: '' }, questions: [newQuestion(d, 'scale')] }] };
}

export const toBody = (d: Draft): QuestionnaireBody => ({ title: d.title, anonymous: d.anonymous, sections: d.sections, description: null });

/** the form's datetime-local value 'YYYY-MM-DDTHH:mm' as the API's local date-time 'YYYY-MM-DD HH:mm' */
export const deadlineParam = (v: string): string => v.replace('T', ' ');

/** the reminders ticked when the send form opens: the API's default (3 days and 1 day before) */
export const DEFAULT_REMINDERS: readonly number[] = EVALUATION_DEFAULT_REMINDERS;

/** the ticked reminders as the body sends them: largest lead first (the order the server's field errors index) */
export const reminderParam = (ticked: readonly number[]): number[] => [...ticked].sort((a, b) => b - a);

/** a reminder ticked or unticked */
export const toggleReminder = (ticked: readonly number[], minutes: number, on: boolean): number[] =>
  on ? (ticked.includes(minutes) ? [...ticked] : [...ticked, minutes]) : ticked.filter((m) => m !== minutes);

/**
 * the server's reminder errors (`reminder_minutes`, `reminder_minutes.<index>` of the list sent) as the leads they are
 * about: `minutes` null for the list as a whole
 */
export function reminderErrors(errors: Record<string, string>, sent: readonly number[]): Array<{ minutes: number | null; message: string }> {
  const out: Array<{ minutes: number | null; message: string }> = [];
  for (const [k, message] of Object.entries(errors)) {
    if (k === 'reminder_minutes') out.push({ minutes: null, message });
    const m = /^reminder_minutes\.(\d+)$/.exec(k);
    if (m) out.push({ minutes: sent[Number(m[1])] ?? null, message });
  }
  return out;
}
