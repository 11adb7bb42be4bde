import {
  EVALUATION_DEFAULT_REMINDERS, EVALUATION_MIN_ANSWERS, EvaluationMessages as EM, M, SCALE_VALUES, TEXT_ANSWER_MAX,
  type Actor, type Answers, type DirectoryCommittee, type Question, type QuestionResult, type Section,
} from '@app/contracts';

/**
 * Evaluations and questionnaires (docs/evaluations.md): who builds and sees results, when answering is open, an
 * answer checked against its question's kind, when results show, and the aggregates. Pure; table-tested.
 */

export const questionsOf = (sections: readonly Section[]): Question[] => sections.flatMap((s) => s.questions);

/**
 * Building questionnaires: an organization admin, or a user who administers a committee (they send only to their
 * own committees: `canManageRound`).
 */
export function canBuild(actor: Pick<Actor, 'kind' | 'userId' | 'isAdmin'>, adminCommitteeIds: readonly number[]): boolean {
  return actor.kind === 'user' && actor.userId !== null && (actor.isAdmin || adminCommitteeIds.length > 0);
}

/** sending to a committee and seeing a round's results: the organization's admins and that committee's admins (its secretary) */
export function canManageRound(actor: Pick<Actor, 'kind' | 'userId' | 'isAdmin'>, committee: Pick<DirectoryCommittee, 'admin_ids'> | null): boolean {
  if (actor.kind !== 'user' || actor.userId === null) return false;
  return actor.isAdmin || !!committee?.admin_ids.includes(actor.userId);
}

/** answering is open until the deadline (the deadline itself is closed), unless a manager closed the round earlier */
export function roundOpen(deadline: Date, now: Date, closedAt: Date | null = null): boolean {
  return closedAt === null && now.getTime() < deadline.getTime();
}

/** closing a round early: its manager, while it is still open (a closed or past round is 409, not closed twice) */
export function canCloseRound(manage: boolean, deadline: Date, now: Date, closedAt: Date | null): boolean {
  return manage && roundOpen(deadline, now, closedAt);
}

export type ReminderCheck = { ok: true; minutes: number[] } | { ok: false; errors: Record<string, string> };

/**
 * The reminders of a round being sent (docs/evaluations.md#reminders): `chosen` (minutes before the deadline; the
 * body's schema already made them whole, positive, distinct and few) must each fall after `now`, i.e. strictly
 * between now and the deadline; each one that would not is named (`reminder_minutes.<index>`). Left out (undefined):
 * the default leads, keeping only those still ahead (a round due in two days gets the one-day reminder). An empty
 * list is a choice: no reminder. The answer is largest first: the order they fire in.
 */
export function checkReminders(chosen: readonly number[] | undefined, deadline: Date, now: Date): ReminderCheck {
  const ahead = (m: number) => deadline.getTime() - m * 60_000 > now.getTime();
  if (chosen === undefined) return { ok: true, minutes: EVALUATION_DEFAULT_REMINDERS.filter(ahead).sort((a, b) => b - a) };
  const errors: Record<string, string> = {};
  chosen.forEach((m, i) => {
    if (!ahead(m)) errors[`reminder_minutes.${i}`] = EM.reminderTooEarly;
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, minutes: [...chosen].sort((a, b) => b - a) };
}

/** when each of a round's reminders fires: the deadline minus each lead, earliest first */
export function reminderTimes(deadline: Date, minutes: readonly number[]): Date[] {
  return [...minutes].sort((a, b) => b - a).map((m) => new Date(deadline.getTime() - m * 60_000));
}

/**
 * Results show for a named round from the first answer on (the secretary follows them), and for an anonymous one only
 * from EVALUATION_MIN_ANSWERS answers: with one or two, an aggregate is an answer with a name on it.
 */
export function resultsAvailable(anonymous: boolean, answered: number, min = EVALUATION_MIN_ANSWERS): boolean {
  return anonymous ? answered >= min : answered > 0;
}

export type AnswerCheck = { ok: true; answers: Answers } | { ok: false; errors: Record<string, string> };

/**
 * An answer sheet against the round's questions: each answer of the kind its question asks (a whole 1-5, one of its
 * options, some of its options without repeats, a text); required questions answered; no unknown question. Field
 * errors are `answers.<question id>`. The answers come back normalized (texts trimmed, options in the question's order).
 */
export function checkAnswers(questions: readonly Question[], raw: Record<string, unknown>): AnswerCheck {
  const errors: Record<string, string> = {};
  const answers: Answers = {};
  const known = new Set(questions.map((q) => q.id));
  for (const k of Object.keys(raw)) if (!known.has(k)) errors[`answers.${k}`] = EM.unknownQuestion;
  for (const q of questions) {
    const v = raw[q.id];
    const key = `answers.${q.id}`;
    const blank = v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
    if (blank) {
      if (q.required) errors[key] = EM.required;
      continue;
    }
    switch (q.kind) {
      case 'scale':
        if (typeof v === 'number' && (SCALE_VALUES as readonly number[]).includes(v)) answers[q.id] = v;
        else errors[key] = EM.scale;
        break;
      case 'single':
        if (typeof v === 'string' && q.options.some((o) => o.id === v)) answers[q.id] = v;
        else errors[key] = EM.notAnOption;
        break;
      case 'multiple': {
        const ids = Array.isArray(v) ? v : null;
        if (!ids || ids.some((x) => typeof x !== 'string' || !q.options.some((o) => o.id === x)) || new Set(ids).size !== ids.length) errors[key] = EM.notAnOption;
        else answers[q.id] = q.options.map((o) => o.id).filter((id) => ids.includes(id));
        break;
      }
      case 'text':
        if (typeof v !== 'string') errors[key] = M.string;
        else if (v.trim().length > TEXT_ANSWER_MAX) errors[key] = M.tooLong; // {max}: TEXT_ANSWER_MAX, filled by the caller's AppError params
        else answers[q.id] = v.trim();
        break;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Per question: how many answered, the count of each value (every scale value and every option, zeros included, in
 * order), the scale's mean to two decimals, and the texts sorted (never in the order they came).
 */
export function aggregate(questions: readonly Question[], sheets: readonly Answers[]): Array<Omit<QuestionResult, 'previous'>> {
  return questions.map((q) => {
    const given = sheets.map((s) => s[q.id]).filter((a) => a !== undefined);
    const values: string[] = q.kind === 'scale' ? SCALE_VALUES.map(String) : q.kind === 'text' ? [] : q.options.map((o) => o.id);
    const counts = values.map((value) => ({
      value,
      count: given.filter((a) => (Array.isArray(a) ? a.includes(value) : String(a) === value)).length,
    }));
    const nums = q.kind === 'scale' ? given.filter((a): a is number => typeof a === 'number') : [];
    return {
      question_id: q.id,
      kind: q.kind,
      n: given.length,
      counts,
      average: nums.length ? round2(nums.reduce((a, b) => a + b, 0) / nums.length) : null,
      texts: q.kind === 'text' ? given.map(String).sort((a, b) => a.localeCompare(b)) : [],
    };
  });
}
