import { z } from 'zod';
import { zId, zOrgId } from '../core/common';
import { defineEvent, defineRpc } from '../core/define';
import { zAppPath } from '../core/paths';
import { zRecipient } from '../organization/organization.events';
import { defineFileRoute, defineRoute } from '../core/route';
import { zLocalDateTime } from './meeting.http';
import { zMeetingRequest } from './meeting.rpc';
import { addMessages } from '../i18n/messages';

/**
 * Evaluations and questionnaires (issue 28, docs/evaluations.md): an admin builds a questionnaire (sections of
 * questions: a 1-5 scale, one choice, several choices, free text; texts in en, ar, fr, ru), sends a round of it to a
 * committee with a deadline; the members answer, anonymously (a board self-evaluation: aggregates only, from
 * EVALUATION_MIN_ANSWERS answers) or by name (a D&O questionnaire: the secretary sees and exports each answer).
 * The rules are services/meeting/src/rules/evaluation.ts; this file holds the bodies, answers, RPCs and routes.
 */

/** an anonymous round shows its results only once this many members have answered */
export const EVALUATION_MIN_ANSWERS = 3;
export const QUESTION_KINDS = ['scale', 'single', 'multiple', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const SCALE_VALUES = [1, 2, 3, 4, 5] as const;
export const TEXT_ANSWER_MAX = 4000;

export const EvaluationMessages = {
  required: 'This question needs an answer.',
  notAnOption: 'Choose among the options of this question.',
  scale: 'Choose a whole number from 1 to 5.',
  duplicateId: 'This id is used more than once.',
  unknownQuestion: 'This is not a question of this questionnaire.',
  answered: 'You have already answered this questionnaire.',
  closed: 'The deadline of this questionnaire has passed.',
  deadlinePast: 'The deadline must be in the future.',
  noMembers: 'This committee has no members to answer.',
  notCommittee: 'Choose a committee of this organization.',
  anonymous: 'The answers of an anonymous questionnaire are never shown one by one.',
  alreadyClosed: 'This questionnaire is already closed.',
  reminderTwice: 'This reminder is chosen more than once.',
  reminderTooEarly: 'This reminder would come before now: choose a shorter time before the deadline.',
  tooManyReminders: 'Choose at most 5 reminders.',
} as const;

/** a text in the four languages: English required, the others fall back to it */
const zText = (max: number) => z.string().trim().min(1).max(max);
export const zLocalized = (max = 500) => z.object({ en: zText(max), ar: zText(max).optional(), fr: zText(max).optional(), ru: zText(max).optional() }).strict();
export type Localized = z.output<ReturnType<typeof zLocalized>>;
/** the text in a language, English when that language is missing */
export function localized(t: Localized | null | undefined, lang: string): string {
  if (!t) return '';
  return (t as Record<string, string | undefined>)[lang] ?? t.en;
}

const zKey = z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/);
const zOption = z.object({ id: zKey, text: zLocalized(200) }).strict();
const zQuestionBase = { id: zKey, text: zLocalized(), required: z.boolean().default(true) };
export const zQuestion = z.discriminatedUnion('kind', [
  z.object({ ...zQuestionBase, kind: z.literal('scale') }).strict(),
  z.object({ ...zQuestionBase, kind: z.literal('single'), options: z.array(zOption).min(2).max(20) }).strict(),
  z.object({ ...zQuestionBase, kind: z.literal('multiple'), options: z.array(zOption).min(2).max(20) }).strict(),
  z.object({ ...zQuestionBase, kind: z.literal('text') }).strict(),
]);
export type Question = z.output<typeof zQuestion>;
export const zSection = z.object({ id: zKey, title: zLocalized(200), questions: z.array(zQuestion).min(1).max(50) }).strict();
export type Section = z.output<typeof zSection>;

/** every id once: question ids across the questionnaire, option ids within a question */
function uniqueIds(sections: Section[], ctx: z.RefinementCtx): void {
  const seenSections = new Set<string>();
  const seen = new Set<string>();
  sections.forEach((s, si) => {
    if (seenSections.has(s.id)) ctx.addIssue({ code: 'custom', path: [si, 'id'], message: EvaluationMessages.duplicateId });
    seenSections.add(s.id);
    s.questions.forEach((q, qi) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [si, 'questions', qi, 'id'], message: EvaluationMessages.duplicateId });
      seen.add(q.id);
      if (q.kind === 'single' || q.kind === 'multiple') {
        const opts = new Set<string>();
        q.options.forEach((o, oi) => {
          if (opts.has(o.id)) ctx.addIssue({ code: 'custom', path: [si, 'questions', qi, 'options', oi, 'id'], message: EvaluationMessages.duplicateId });
          opts.add(o.id);
        });
      }
    });
  });
}
export const zSections = z.array(zSection).min(1).max(20).superRefine(uniqueIds);

/** POST / PUT /api/evaluations/questionnaires */
export const zQuestionnaireBody = z
  .object({
    title: zLocalized(200),
    description: zLocalized(2000).nullable().optional(),
    /** anonymous: a self-evaluation, aggregates only; named: a D&O questionnaire, each answer with its author */
    anonymous: z.boolean(),
    sections: zSections,
  })
  .strict();
export type QuestionnaireBody = z.output<typeof zQuestionnaireBody>;

/** at most this many reminders per round (docs/evaluations.md#reminders) */
export const EVALUATION_MAX_REMINDERS = 5;
/** the longest lead a reminder may have: 60 days, in minutes */
export const EVALUATION_REMINDER_MAX_MINUTES = 60 * 24 * 60;
/** the reminders of a round sent without a choice: 3 days and 1 day before the deadline (those still ahead) */
export const EVALUATION_DEFAULT_REMINDERS = [3 * 24 * 60, 24 * 60] as const;
/** the leads the web offers (minutes before the deadline): 7 days, 3 days, 1 day, 1 hour; the API takes any whole minutes */
export const EVALUATION_REMINDER_CHOICES = [7 * 24 * 60, 3 * 24 * 60, 24 * 60, 60] as const;

/**
 * the reminders chosen when a round is sent: minutes before the deadline, whole and positive, each once, at most
 * EVALUATION_MAX_REMINDERS (that each falls after now is the service's check: it needs the deadline and the clock)
 */
export const zReminderMinutes = z
  .array(z.number().int().positive().max(EVALUATION_REMINDER_MAX_MINUTES))
  .max(EVALUATION_MAX_REMINDERS, EvaluationMessages.tooManyReminders)
  .superRefine((leads, ctx) => {
    const seen = new Set<number>();
    leads.forEach((m, i) => {
      if (seen.has(m)) ctx.addIssue({ code: 'custom', path: [i], message: EvaluationMessages.reminderTwice });
      seen.add(m);
    });
  });

/** POST /api/evaluations/questionnaires/{id}/rounds: send it to a committee's members; `reminder_minutes` left out: the default */
export const zSendBody = z.object({ committee_id: zId, deadline: zLocalDateTime, reminder_minutes: zReminderMinutes.optional() }).strict();
export type SendBody = z.output<typeof zSendBody>;

/** one answer: a scale value, an option id, option ids, or a text; `null` skips an optional question */
export const zAnswerValue = z.union([z.number(), z.string(), z.array(z.string()), z.null()]);
export type AnswerValue = z.output<typeof zAnswerValue>;
/** POST /api/evaluations/rounds/{id}/answers: question id -> answer (checked against the question's kind by the service) */
export const zAnswerBody = z.object({ answers: z.record(z.string(), zAnswerValue) }).strict();
export type AnswerBody = z.output<typeof zAnswerBody>;
/** the answers as stored: normalized per kind (a text trimmed, options in the question's order) */
export type Answers = Record<string, number | string | string[]>;

const zPerson = z.object({ id: z.number().int(), name: z.string().nullable() });
export const zRoundSummary = z.object({
  id: z.number().int(),
  questionnaire_id: z.number().int(),
  title: zLocalized(200),
  anonymous: z.boolean(),
  committee: z.object({ id: z.number().int(), name: z.string() }),
  deadline: z.string(),
  /** answering is open (before the deadline, and not closed early) */
  open: z.boolean(),
  /** when a manager closed it before its deadline (server date), else null */
  closed_at: z.string().nullable(),
  /** the reminders chosen when it was sent, minutes before the deadline, largest first; null: sent before the choice existed */
  reminder_minutes: z.array(z.number().int()).nullable().default(null),
  /** the caller may close it now (a manager, while it is open) */
  can_close: z.boolean(),
  recipients: z.number().int(),
  answered: z.number().int(),
  /** the caller is one of the members asked and has / has not answered */
  is_recipient: z.boolean(),
  has_answered: z.boolean(),
  can_answer: z.boolean(),
  /** the caller may see the results (the organization's admins, the committee's admins) */
  can_view_results: z.boolean(),
  created_at: z.string(),
});
export type RoundSummary = z.output<typeof zRoundSummary>;

export const zQuestionnaire = z.object({
  id: z.number().int(),
  title: zLocalized(200),
  description: zLocalized(2000).nullable(),
  anonymous: z.boolean(),
  sections: z.array(zSection),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  rounds: z.array(zRoundSummary),
});
export type Questionnaire = z.output<typeof zQuestionnaire>;
export const zQuestionnaireList = z.object({
  items: z.array(zQuestionnaire.omit({ sections: true, description: true })),
  /** the committees the caller may send to (all for an organization admin, those they administer otherwise) */
  committees: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** a round as its member answers it: the questions as sent (a snapshot: later edits do not change them) */
export const zRound = zRoundSummary.extend({
  description: zLocalized(2000).nullable(),
  sections: z.array(zSection),
  /** named rounds: the caller's own answers once given (anonymous rounds never answer them back) */
  my_answers: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])).nullable(),
});
export type Round = z.output<typeof zRound>;

/** one question's aggregate */
export const zQuestionResult = z.object({
  question_id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  /** how many answered this question */
  n: z.number().int(),
  /** scale: counts of 1..5 as value '1'..'5'; choices: count per option id */
  counts: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** scale: the mean, two decimals; null for other kinds or no answer */
  average: z.number().nullable(),
  /** free texts, sorted (never in the order they came) */
  texts: z.array(z.string()),
  /** the same question in the previous round of this questionnaire (when it had results) */
  previous: z.object({ round_id: z.number().int(), n: z.number().int(), average: z.number().nullable(), counts: z.array(z.object({ value: z.string(), count: z.number().int() })) }).nullable(),
});
export type QuestionResult = z.output<typeof zQuestionResult>;

export const zRoundResults = z.object({
  round: zRound.omit({ my_answers: true }),
  /** false while an anonymous round has fewer than EVALUATION_MIN_ANSWERS answers: no aggregate at all */
  available: z.boolean(),
  min_answers: z.number().int(),
  questions: z.array(zQuestionResult),
  /** who has answered and who has not (never which answer is whose in an anonymous round) */
  recipients: z.array(zPerson.extend({ answered: z.boolean() })),
  /** named rounds only: each member's answers; always [] in an anonymous round */
  responses: z.array(z.object({ user: zPerson, answered_at: z.string(), answers: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])) })),
});
export type RoundResults = z.output<typeof zRoundResults>;

// ---------- RPCs ----------
const R = <T extends z.ZodRawShape>(shape: T) => zMeetingRequest.extend(shape);
export const ListQuestionnaires = defineRpc({ subject: 'meeting.v1.list-questionnaires', request: R({}), response: zQuestionnaireList });
export const GetQuestionnaire = defineRpc({ subject: 'meeting.v1.get-questionnaire', request: R({ questionnaireId: zId }), response: zQuestionnaire });
export const CreateQuestionnaire = defineRpc({ subject: 'meeting.v1.create-questionnaire', request: R({ body: zQuestionnaireBody }), response: zQuestionnaire });
export const UpdateQuestionnaire = defineRpc({ subject: 'meeting.v1.update-questionnaire', request: R({ questionnaireId: zId, body: zQuestionnaireBody }), response: zQuestionnaire });
export const SendQuestionnaire = defineRpc({ subject: 'meeting.v1.send-questionnaire', request: R({ questionnaireId: zId, body: zSendBody }), response: zRoundSummary });
/** `can_build`: the caller may build and send questionnaires (the web shows the builder only then: a 403 would sign them out) */
export const zMyRounds = z.object({ items: z.array(zRoundSummary), can_build: z.boolean() });
export const ListMyRounds = defineRpc({ subject: 'meeting.v1.list-my-rounds', request: R({}), response: zMyRounds });
export const GetRound = defineRpc({ subject: 'meeting.v1.get-round', request: R({ roundId: zId }), response: zRound });
export const AnswerRound = defineRpc({ subject: 'meeting.v1.answer-round', request: R({ roundId: zId, body: zAnswerBody }), response: zRound });
export const GetRoundResults = defineRpc({ subject: 'meeting.v1.get-round-results', request: R({ roundId: zId }), response: zRoundResults });
/** a manager closes an open round before its deadline: answering stops, the reminder is dropped; results as always */
export const CloseRound = defineRpc({ subject: 'meeting.v1.close-round', request: R({ roundId: zId }), response: zRoundSummary });

/**
 * Service to service (no actor: the notification service's deadline reminder asks it when the reminder fires): the
 * e-mail addresses, lower case, of the round's recipients who have not answered yet. None when the round is gone or
 * its deadline has passed; whoever answers meanwhile is simply not among them.
 */
export const ListPendingRespondents = defineRpc({
  subject: 'meeting.v1.list-pending-respondents',
  request: z.object({ orgId: zOrgId, roundId: zId }),
  response: z.object({ emails: z.array(z.string()) }),
});

// ---------- events ----------

/**
 * A round was sent to a committee: the notification service e-mails each recipient (their language; the title in it)
 * and schedules the deadline reminder, which asks ListPendingRespondents when it fires.
 */
export const EvaluationRoundSent = defineEvent({
  subject: 'meeting.v1.evaluation-round.sent',
  payload: z.object({
    orgId: zOrgId, orgSlug: z.string().min(1), orgName: z.string(), timeZone: z.string(),
    roundId: z.number().int(),
    /** the questionnaire's title as sent, in its languages (the e-mail picks the recipient's) */
    title: zLocalized(),
    committeeName: z.string(),
    anonymous: z.boolean(),
    /** ISO instant; `deadlineLocal` in the organization's time zone */
    deadline: z.string(),
    deadlineLocal: z.string(),
    /** the reminders, minutes before the deadline, largest first (each fires once, to those who have not answered);
     *  absent in events written before the choice existed: one reminder, REMINDER_LEADS_MINUTES */
    reminderMinutes: z.array(z.number().int().positive()).optional(),
    /** AppPaths.evaluationRound */
    link: zAppPath,
    recipients: z.array(zRecipient),
  }),
});

/**
 * A round was closed before its deadline: the notification service drops its deadline reminder and the widget's
 * entries for it.
 */
export const EvaluationRoundClosed = defineEvent({
  subject: 'meeting.v1.evaluation-round.closed',
  payload: z.object({ orgId: zOrgId, roundId: z.number().int(), closedBy: z.number().int().nullable() }),
});

// ---------- routes ----------
const tags = ['evaluations'];
const zIdParams = z.object({ id: zId });
export const EvaluationRoutes = {
  listQuestionnaires: defineRoute({
    method: 'GET', path: '/api/evaluations/questionnaires', access: 'user', tags,
    summary: 'Questionnaires (organization admins, committee admins) with their rounds, and the committees the caller may send to',
    rpc: ListQuestionnaires, toRpc: ({ call }) => ({ ...call }),
  }),
  createQuestionnaire: defineRoute({
    method: 'POST', path: '/api/evaluations/questionnaires', access: 'user', tags, body: zQuestionnaireBody, message: 'Done',
    summary: 'Build a questionnaire: title, anonymous or named, sections of questions (scale, single, multiple, text), texts in en (ar, fr, ru optional)',
    rpc: CreateQuestionnaire, toRpc: ({ call, body }) => ({ ...call, body }),
  }),
  getQuestionnaire: defineRoute({
    method: 'GET', path: '/api/evaluations/questionnaires/:id', access: 'user', tags, params: zIdParams,
    summary: 'One questionnaire with its rounds',
    rpc: GetQuestionnaire, toRpc: ({ call, params }) => ({ ...call, questionnaireId: params.id }),
  }),
  updateQuestionnaire: defineRoute({
    method: 'PUT', path: '/api/evaluations/questionnaires/:id', access: 'user', tags, params: zIdParams, body: zQuestionnaireBody, message: 'Done',
    summary: 'Change a questionnaire (rounds already sent keep the questions they were sent with)',
    rpc: UpdateQuestionnaire, toRpc: ({ call, params, body }) => ({ ...call, questionnaireId: params.id, body }),
  }),
  sendQuestionnaire: defineRoute({
    method: 'POST', path: '/api/evaluations/questionnaires/:id/rounds', access: 'user', tags, params: zIdParams, body: zSendBody, message: 'Done',
    summary: "Send a round to a committee's members with a deadline {committee_id, deadline, reminder_minutes?} (reminders: minutes before the deadline, default 3 days and 1 day)",
    rpc: SendQuestionnaire, toRpc: ({ call, params, body }) => ({ ...call, questionnaireId: params.id, body }),
  }),
  myEvaluationRounds: defineRoute({
    method: 'GET', path: '/api/evaluations/rounds', access: 'user', tags,
    summary: "The caller's rounds: those they are asked to answer (open first) and whether they have",
    rpc: ListMyRounds, toRpc: ({ call }) => ({ ...call }),
  }),
  getEvaluationRound: defineRoute({
    method: 'GET', path: '/api/evaluations/rounds/:id', access: 'user', tags, params: zIdParams,
    summary: 'A round as its member answers it (the questions as sent)',
    rpc: GetRound, toRpc: ({ call, params }) => ({ ...call, roundId: params.id }),
  }),
  answerEvaluationRound: defineRoute({
    method: 'POST', path: '/api/evaluations/rounds/:id/answers', access: 'user', tags, params: zIdParams, body: zAnswerBody, message: 'Done',
    summary: 'Answer a round once, before its deadline {answers: {question id: value}}; each answer checked against its question',
    rpc: AnswerRound, toRpc: ({ call, params, body }) => ({ ...call, roundId: params.id, body }),
  }),
  evaluationResults: defineRoute({
    method: 'GET', path: '/api/evaluations/rounds/:id/results', access: 'user', tags, params: zIdParams,
    summary: 'Results: per question distribution, average, the previous round; anonymous rounds only as aggregates and only from 3 answers; named rounds with each answer',
    rpc: GetRoundResults, toRpc: ({ call, params }) => ({ ...call, roundId: params.id }),
  }),
  closeEvaluationRound: defineRoute({
    method: 'POST', path: '/api/evaluations/rounds/:id/close', access: 'user', tags, params: zIdParams, message: 'Done',
    summary: 'Close a round before its deadline (the organization admins, the committee admins): answering stops, reminders stop; results under the same rules',
    rpc: CloseRound, toRpc: ({ call, params }) => ({ ...call, roundId: params.id }),
  }),
  evaluationCsv: defineFileRoute({
    method: 'GET', path: '/api/evaluations/rounds/:id/export', access: 'user', tags, params: zIdParams,
    summary: "A named round's answers as CSV (one line per member, one column per question); an anonymous round is 409",
  }),
} as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralized (spreadsheets run it) */
export function csvField(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** a named round's answers as CSV: member, answered at, one column per question (options by their text in `lang`) */
export function evaluationCsv(results: Pick<RoundResults, 'round' | 'responses'>, lang: string): string {
  const questions = results.round.sections.flatMap((s) => s.questions);
  const header = ['member', 'answered_at', ...questions.map((q) => localized(q.text, lang))];
  const cell = (q: Question, a: number | string | string[] | undefined): string => {
    if (a === undefined) return '';
    if (q.kind === 'single' || q.kind === 'multiple') {
      const ids = Array.isArray(a) ? a : [String(a)];
      return ids.map((id) => localized(q.options.find((o) => o.id === id)?.text, lang) || id).join('; ');
    }
    return String(a);
  };
  const lines = [header, ...results.responses.map((r) => [r.user.name ?? `#${r.user.id}`, r.answered_at, ...questions.map((q) => cell(q, r.answers[q.id]))])];
  return `\uFEFF${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}

addMessages('ar', {
  [EvaluationMessages.required]: 'هذا السؤال يحتاج إلى إجابة.',
  [EvaluationMessages.notAnOption]: 'اختر من بين خيارات هذا السؤال.',
  [EvaluationMessages.scale]: 'اختر عددًا صحيحًا من 1 إلى 5.',
  [EvaluationMessages.duplicateId]: 'هذا المعرّف مستخدم أكثر من مرة.',
  [EvaluationMessages.unknownQuestion]: 'هذا ليس سؤالًا في هذا الاستبيان.',
  [EvaluationMessages.answered]: 'لقد أجبت على هذا الاستبيان بالفعل.',
  [EvaluationMessages.closed]: 'انقضى الموعد النهائي لهذا الاستبيان.',
  [EvaluationMessages.deadlinePast]: 'يجب أن يكون الموعد النهائي في المستقبل.',
  [EvaluationMessages.noMembers]: 'لا يوجد في هذه اللجنة أعضاء للإجابة.',
  [EvaluationMessages.notCommittee]: 'اختر لجنة من لجان هذه المؤسسة.',
  [EvaluationMessages.anonymous]: 'لا تُعرض إجابات الاستبيان المجهول الهوية واحدة واحدة أبدًا.',
  [EvaluationMessages.alreadyClosed]: 'هذا الاستبيان مغلق بالفعل.',
  [EvaluationMessages.reminderTwice]: 'تم اختيار هذا التذكير أكثر من مرة.',
  [EvaluationMessages.reminderTooEarly]: 'سيأتي هذا التذكير قبل الآن: اختر مدة أقصر قبل الموعد النهائي.',
  [EvaluationMessages.tooManyReminders]: 'اختر 5 تذكيرات على الأكثر.',
});
addMessages('ru', {
  [EvaluationMessages.required]: 'На этот вопрос нужно ответить.',
  [EvaluationMessages.notAnOption]: 'Выберите один из вариантов этого вопроса.',
  [EvaluationMessages.scale]: 'Выберите целое число от 1 до 5.',
  [EvaluationMessages.duplicateId]: 'Этот идентификатор используется более одного раза.',
  [EvaluationMessages.unknownQuestion]: 'Это не вопрос этой анкеты.',
  [EvaluationMessages.answered]: 'Вы уже ответили на эту анкету.',
  [EvaluationMessages.closed]: 'Срок ответа на эту анкету истёк.',
  [EvaluationMessages.deadlinePast]: 'Срок должен быть в будущем.',
  [EvaluationMessages.noMembers]: 'В этом комитете нет участников, которые могли бы ответить.',
  [EvaluationMessages.notCommittee]: 'Выберите комитет этой организации.',
  [EvaluationMessages.anonymous]: 'Ответы анонимной анкеты никогда не показываются по отдельности.',
  [EvaluationMessages.alreadyClosed]: 'Эта анкета уже закрыта.',
  [EvaluationMessages.reminderTwice]: 'Это напоминание выбрано более одного раза.',
  [EvaluationMessages.reminderTooEarly]: 'Это напоминание пришлось бы на время до текущего момента: выберите меньший срок до окончания.',
  [EvaluationMessages.tooManyReminders]: 'Выберите не более 5 напоминаний.',
});
