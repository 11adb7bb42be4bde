import { z } from 'zod';
import { zTenant } from '../core/common';
import { defineRpc } from '../core/define';
import { defineRoute } from '../core/route';
import { addMessages } from '../i18n/messages';
import { MM } from '../meeting/meeting.constants';

/**
 * The voice-note summarizer (docs/voice-notes.md): the spec's `POST {summarizer service}/summarize
 * {title, creator_name, date YYYY-MM-DD, minutes}` → `{summary}`. The web calls `/api/summarize`; the gateway
 * forwards it to the minutes service, which answers from its local extractive summarizer, or from the service at
 * SUMMARIZER_URL when that is set. An empty summary is an answer too (the web says 'No summary returned.').
 */
export const zSummarizeBody = z.object({
  title: z.string().trim().max(500),
  creator_name: z.string().trim().max(200),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD.'),
  minutes: z.string().max(200_000),
});
export type SummarizeBody = z.output<typeof zSummarizeBody>;

export const zSummarizeAnswer = z.object({ summary: z.string() });

export const Summarize = defineRpc({ subject: 'minutes.v1.summarize', request: zTenant.extend({ body: zSummarizeBody }), response: zSummarizeAnswer });

export const SummaryRoutes = {
  summarize: defineRoute({
    method: 'POST', path: '/api/summarize', access: 'user', tags: ['minutes'], body: zSummarizeBody, answer: 'raw',
    summary: "The recorder's summarizer: {title, creator_name, date YYYY-MM-DD, minutes} → {summary} (extractive, English and Arabic; or the service at SUMMARIZER_URL)",
    rpc: Summarize, toRpc: ({ call, body }) => ({ orgId: call.orgId, actor: call.actor, body }),
  }),
} as const;

/** the recorder's constants (spec meetings.md §9) */
export const RECORDER = {
  speechLangs: ['en-US', 'ar-EG'] as const,
  audioType: 'audio/wav',
  acceptDisabledMs: 1500,
  speechRestartMs: 600,
  speechLangChangeMs: 500,
  noteTitle: 'Voice Note',
} as const;

/** the recorder's texts (spec meetings.md §5 and §8), exactly */
export const SummaryTexts = {
  saved: MM.summarySaved,
  empty: MM.summaryEmpty,
  authFailed: 'Authentication failed. Please login again.',
  badUser: 'Invalid user data. Please login again.',
  s401: 'Session expired. Please login again.',
  s403: "You don't have permission to perform this action.",
  s404: 'Meeting not found.',
  s500: 'Server error. Please try again later.',
  network: 'Network error. Please check your internet connection.',
  invalid: 'Server returned invalid response. Please contact support.',
  summarizerError: 'Error getting summary.',
  wrong: 'Something went wrong.',
  noSummary: 'No summary returned.',
} as const;

/** what came back from saving a summary, as the recorder sees it */
export type SaveSummaryOutcome =
  | { kind: 'no-auth' }
  | { kind: 'bad-user' }
  | { kind: 'network' }
  | { kind: 'invalid' }
  | { kind: 'answer'; status: number; body: unknown };

const firstText = (...vs: unknown[]): string | null => {
  for (const v of vs) {
    if (typeof v === 'string' && v.trim()) return v;
    if (Array.isArray(v) && typeof v[0] === 'string' && v[0].trim()) return v[0];
  }
  return null;
};

/**
 * The message for a summary save (spec §8): the server's message, error or detail when present; else by status
 * (401, 403, 404, 500 and above); a failed fetch, an unreadable answer and the stored-login checks have their own.
 * A 409 without a message is the field error of `summary` when there is one.
 */
export function saveSummaryMessage(o: SaveSummaryOutcome): { ok: boolean; message: string } {
  switch (o.kind) {
    case 'no-auth':
      return { ok: false, message: SummaryTexts.authFailed };
    case 'bad-user':
      return { ok: false, message: SummaryTexts.badUser };
    case 'network':
      return { ok: false, message: SummaryTexts.network };
    case 'invalid':
      return { ok: false, message: SummaryTexts.invalid };
    case 'answer': {
      const b = (o.body && typeof o.body === 'object' ? o.body : {}) as Record<string, unknown>;
      const ok = o.status >= 200 && o.status < 300;
      if (ok) return { ok, message: firstText(b.message) ?? SummaryTexts.saved };
      const errors = b.errors && typeof b.errors === 'object' ? (b.errors as Record<string, unknown>) : {};
      const server = firstText(errors.summary, b.message, b.error, b.detail);
      if (server) return { ok, message: server };
      if (o.status === 401) return { ok, message: SummaryTexts.s401 };
      if (o.status === 403) return { ok, message: SummaryTexts.s403 };
      if (o.status === 404) return { ok, message: SummaryTexts.s404 };
      if (o.status >= 500) return { ok, message: SummaryTexts.s500 };
      return { ok, message: SummaryTexts.wrong };
    }
  }
}

/** the summarizer's outcome (spec §8): a summary, 'No summary returned.' when it is empty, else its error */
export function summarizerMessage(o: { kind: 'answer'; status: number; body: unknown } | { kind: 'network' }): { summary: string | null; message: string | null } {
  if (o.kind === 'network') return { summary: null, message: SummaryTexts.wrong };
  if (o.status < 200 || o.status >= 300) return { summary: null, message: SummaryTexts.summarizerError };
  const s = o.body && typeof o.body === 'object' ? (o.body as { summary?: unknown }).summary : undefined;
  if (typeof s !== 'string') return { summary: null, message: SummaryTexts.summarizerError };
  return s.trim() ? { summary: s.trim(), message: null } : { summary: null, message: SummaryTexts.noSummary };
}

addMessages('ar', {
  [SummaryTexts.authFailed]: 'فشل التحقق. يرجى تسجيل الدخول مرة أخرى.',
  [SummaryTexts.badUser]: 'بيانات المستخدم غير صالحة. يرجى تسجيل الدخول مرة أخرى.',
  [SummaryTexts.s401]: 'انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
  [SummaryTexts.s403]: 'ليست لديك صلاحية لتنفيذ هذا الإجراء.',
  [SummaryTexts.s404]: 'الاجتماع غير موجود.',
  [SummaryTexts.s500]: 'خطأ في الخادم. يرجى المحاولة لاحقًا.',
  [SummaryTexts.network]: 'خطأ في الشبكة. يرجى التحقق من اتصالك بالإنترنت.',
  [SummaryTexts.invalid]: 'أعاد الخادم استجابة غير صالحة. يرجى التواصل مع الدعم.',
  [SummaryTexts.summarizerError]: 'خطأ في الحصول على الملخص.',
  [SummaryTexts.noSummary]: 'لم يتم إرجاع أي ملخص.',
});

addMessages('ru', {
  [SummaryTexts.authFailed]: 'Ошибка аутентификации. Войдите снова.',
  [SummaryTexts.badUser]: 'Неверные данные пользователя. Войдите снова.',
  [SummaryTexts.s401]: 'Сеанс истёк. Войдите снова.',
  [SummaryTexts.s403]: 'У вас нет прав на это действие.',
  [SummaryTexts.s404]: 'Заседание не найдено.',
  [SummaryTexts.s500]: 'Ошибка сервера. Повторите попытку позже.',
  [SummaryTexts.network]: 'Ошибка сети. Проверьте подключение к интернету.',
  [SummaryTexts.invalid]: 'Сервер вернул неверный ответ. Обратитесь в поддержку.',
  [SummaryTexts.summarizerError]: 'Не удалось получить резюме.',
  [SummaryTexts.noSummary]: 'Резюме не получено.',
});
