import { Injectable } from '@nestjs/common';
import {
  AppError, EVALUATION_MIN_ANSWERS, EvaluationMessages as EM, ListCommittees, TEXT_ANSWER_MAX, localToInstant, serverDate,
  type AnswerRound, type CloseRound, type CreateQuestionnaire, type GetQuestionnaire, type GetRound, type GetRoundResults, type ListMyRounds,
  type ListQuestionnaires, type Questionnaire, type RequestOf, type Round, type RoundResults, type RoundSummary, type SendQuestionnaire,
  type UpdateQuestionnaire, type Actor, type ListPendingRespondents, type ResponseOf,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { MeetingDb, type Scope } from '../db/db';
import { Directory } from '../common/directory';
import { MeetingPublisher } from '../common/publisher';
import { MeetingEvents } from '../events/meeting-events';
import { normalizeEmail } from '../rules/person';
import { EvaluationsRepository, type QuestionnaireEntry, type RoundEntry, type RoundStats } from '../repositories/evaluations.repository';
import { aggregate, canBuild, canCloseRound, canManageRound, checkAnswers, checkReminders, questionsOf, resultsAvailable, roundOpen } from '../rules/evaluation';

type Req = { orgId: string; actor: Actor };
const NO_STATS: RoundStats = { recipients: 0, answered: 0, isRecipient: false, hasAnswered: false };

/**
 * Evaluations and questionnaires (docs/evaluations.md): build, send a round to a committee, answer it (anonymously or
 * by name), and its results. Directory calls (committees, the time zone, names) happen before the transaction.
 */
@Injectable()
export class EvaluationsService {
  constructor(
    private readonly db: MeetingDb,
    private readonly rows: EvaluationsRepository,
    private readonly directory: Directory,
    private readonly bus: Bus,
    private readonly publisher: MeetingPublisher,
    private readonly events: MeetingEvents,
  ) {}

  async list(req: RequestOf<typeof ListQuestionnaires>) {
    const { admin } = await this.builder(req);
    const committees = req.actor.isAdmin
      ? (await this.bus.request(ListCommittees, { orgId: req.orgId, actor: req.actor, page: 1, per_page: 500, status: 'active' })).items
      : admin.filter((c) => c.status === 'active');
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const all = await this.rows.questionnaires(s);
      const rounds = await this.rows.roundsOf(s, all.map((x) => x.id));
      const stats = await this.rows.stats(s, rounds.map((x) => x.id), req.actor.userId);
      const adminOf = new Set(admin.map((c) => c.id));
      const items = all.map((x) => {
        const { sections: _s, description: _d, ...rest } = this.questionnaire(x, rounds, stats, tz, req.actor, adminOf);
        return rest;
      });
      return { items, committees: committees.map((c) => ({ id: c.id, name: c.name })) };
    });
  }

  async get(req: RequestOf<typeof GetQuestionnaire>): Promise<Questionnaire> {
    const { admin } = await this.builder(req);
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const x = await this.rows.questionnaire(s, req.questionnaireId);
      if (!x) throw AppError.notFound('questionnaire');
      return this.withRounds(s, x, tz, req.actor, new Set(admin.map((c) => c.id)));
    });
  }

  async create(req: RequestOf<typeof CreateQuestionnaire>): Promise<Questionnaire> {
    const { admin } = await this.builder(req);
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const x = await this.rows.insertQuestionnaire(s, { ...input(req.body), createdBy: req.actor.userId });
      return this.withRounds(s, x, tz, req.actor, new Set(admin.map((c) => c.id)));
    });
  }

  async update(req: RequestOf<typeof UpdateQuestionnaire>): Promise<Questionnaire> {
    const { admin } = await this.builder(req);
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const found = await this.rows.questionnaire(s, req.questionnaireId, { lock: true });
      if (!found) throw AppError.notFound('questionnaire');
      const x = await this.rows.updateQuestionnaire(s, found.id, input(req.body));
      return this.withRounds(s, x, tz, req.actor, new Set(admin.map((c) => c.id)));
    });
  }

  async send(req: RequestOf<typeof SendQuestionnaire>): Promise<RoundSummary> {
    await this.builder(req);
    const committee = await this.directory.committee(req.orgId, req.body.committee_id);
    if (!committee) throw AppError.validation({ committee_id: EM.notCommittee });
    if (!canManageRound(req.actor, committee)) throw new AppError('MEETING_FORBIDDEN');
    const tz = await this.zone(req.orgId);
    const deadline = localToInstant(req.body.deadline, tz);
    const now = new Date();
    if (!roundOpen(deadline, now)) throw AppError.validation({ deadline: EM.deadlinePast });
    const reminders = checkReminders(req.body.reminder_minutes, deadline, now);
    if (!reminders.ok) throw AppError.validation(reminders.errors);
    const recipients = [...new Set([...committee.member_ids, ...committee.admin_ids])];
    if (!committee.member_ids.length) throw AppError.validation({ committee_id: EM.noMembers });
    // the people and the organization are looked up before the transaction (the event names them, in their language)
    const org = await this.directory.organization(req.orgId);
    const people = await this.directory.usersById(req.orgId, recipients);
    return this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const x = await this.rows.questionnaire(s, req.questionnaireId, { lock: true });
      if (!x) throw AppError.notFound('questionnaire');
      const round = await this.rows.insertRound(s, {
        questionnaireId: x.id, committeeId: committee.id, committeeName: committee.name, anonymous: x.anonymous,
        title: x.title, description: x.description, sections: x.sections, deadline, sentBy: req.actor.userId,
        reminderMinutes: reminders.minutes,
      }, recipients);
      pending.push(this.events.evaluationRoundSent(org, round, people, recipients.map((userId) => ({ userId, userEmail: null }))));
      const stats = await this.rows.stats(s, [round.id], req.actor.userId);
      return summary(round, stats.get(round.id) ?? NO_STATS, tz, true);
    });
  }

  /** the caller's rounds: open and unanswered first, then the rest, newest first */
  async mine(req: RequestOf<typeof ListMyRounds>): Promise<{ items: RoundSummary[]; can_build: boolean }> {
    const uid = userOf(req.actor);
    const tz = await this.zone(req.orgId);
    const { admin } = await this.directory.userCommittees(req.orgId, uid);
    const adminOf = new Set(admin.map((c) => c.id));
    return this.db.tenant(req.orgId, async (s) => {
      const rounds = await this.rows.roundsOfUser(s, uid);
      const stats = await this.rows.stats(s, rounds.map((x) => x.id), uid);
      const items = rounds.map((x) => summary(x, stats.get(x.id) ?? NO_STATS, tz, req.actor.isAdmin || adminOf.has(x.committeeId)));
      items.sort((a, b) => Number(b.can_answer) - Number(a.can_answer));
      return { items, can_build: canBuild(req.actor, admin.map((c) => c.id)) };
    });
  }

  async round(req: RequestOf<typeof GetRound>): Promise<Round> {
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const { round, stats, manage } = await this.seen(s, req, req.roundId);
      return this.roundPayload(s, round, stats, tz, manage, req.actor.userId);
    });
  }

  async answer(req: RequestOf<typeof AnswerRound>): Promise<Round> {
    const uid = userOf(req.actor);
    const tz = await this.zone(req.orgId);
    return this.db.tenant(req.orgId, async (s) => {
      const round = await this.rows.round(s, req.roundId, { lock: true });
      if (!round) throw AppError.notFound('round');
      const before = (await this.rows.stats(s, [round.id], uid)).get(round.id) ?? NO_STATS;
      if (!before.isRecipient) throw AppError.notFound('round');
      if (!roundOpen(round.deadline, new Date(), round.closedAt)) throw AppError.validation({ answers: EM.closed });
      const checked = checkAnswers(questionsOf(round.sections), req.body.answers);
      if (!checked.ok) throw AppError.validation(checked.errors, { max: TEXT_ANSWER_MAX });
      if (!(await this.rows.markAnswered(s, round.id, uid))) throw AppError.validation({ answers: EM.answered });
      if (round.anonymous) await this.rows.answerAnonymously(s, round.id, checked.answers);
      else await this.rows.insertNamed(s, round.id, uid, checked.answers);
      const stats = (await this.rows.stats(s, [round.id], uid)).get(round.id) ?? NO_STATS;
      return this.roundPayload(s, round, stats, tz, false, uid);
    });
  }

  /**
   * A manager closes an open round before its deadline (docs/evaluations.md#closing-a-round-early): answering stops
   * at once (the same check as the deadline), ListPendingRespondents answers nobody, and the event drops the reminder.
   * The results keep their rules: an anonymous round shows aggregates only from EVALUATION_MIN_ANSWERS answers.
   */
  async close(req: RequestOf<typeof CloseRound>): Promise<RoundSummary> {
    const uid = userOf(req.actor);
    const tz = await this.zone(req.orgId);
    const pre = await this.db.tenant(req.orgId, (s) => this.rows.round(s, req.roundId));
    if (!pre) throw AppError.notFound('round');
    const manage = canManageRound(req.actor, await this.directory.committee(req.orgId, pre.committeeId));
    if (!manage) {
      const asked = await this.db.tenant(req.orgId, async (s) => (await this.rows.stats(s, [pre.id], uid)).get(pre.id)?.isRecipient ?? false);
      throw asked ? new AppError('MEETING_FORBIDDEN') : AppError.notFound('round');
    }
    return this.publisher.inTx(this.db, req.orgId, async (s, pending) => {
      const round = await this.rows.round(s, req.roundId, { lock: true });
      if (!round) throw AppError.notFound('round');
      if (!canCloseRound(manage, round.deadline, new Date(), round.closedAt)) throw AppError.validation({ id: EM.alreadyClosed });
      const closed = await this.rows.closeRound(s, round.id, uid);
      if (!closed) throw AppError.validation({ id: EM.alreadyClosed });
      pending.push(this.events.evaluationRoundClosed(req.orgId, closed.id, uid));
      const stats = (await this.rows.stats(s, [closed.id], uid)).get(closed.id) ?? NO_STATS;
      return summary(closed, stats, tz, true);
    });
  }

  async results(req: RequestOf<typeof GetRoundResults>): Promise<RoundResults> {
    const tz = await this.zone(req.orgId);
    const uid = userOf(req.actor);
    const pre = await this.db.tenant(req.orgId, (s) => this.rows.round(s, req.roundId));
    if (!pre) throw AppError.notFound('round');
    const committee = await this.directory.committee(req.orgId, pre.committeeId);
    if (!canManageRound(req.actor, committee)) {
      // a member asked in the round learns it exists (403); anyone else gets 404
      const asked = await this.db.tenant(req.orgId, async (s) => (await this.rows.stats(s, [pre.id], uid)).get(pre.id)?.isRecipient ?? false);
      throw asked ? new AppError('MEETING_FORBIDDEN') : AppError.notFound('round');
    }
    const data = await this.db.tenant(req.orgId, async (s) => {
      const round = (await this.rows.round(s, req.roundId))!;
      const stats = (await this.rows.stats(s, [round.id], uid)).get(round.id) ?? NO_STATS;
      const recipients = await this.rows.recipients(s, round.id);
      const available = resultsAvailable(round.anonymous, stats.answered);
      const named = available && !round.anonymous ? await this.rows.namedAnswers(s, round.id) : [];
      const sheets = !available ? [] : round.anonymous ? await this.rows.anonymousAnswers(s, round.id) : named.map((x) => x.answers);
      const prev = await this.rows.previousRound(s, round);
      let prevAgg: { roundId: number; byQuestion: Map<string, ReturnType<typeof aggregate>[number]> } | null = null;
      if (prev) {
        const pStats = (await this.rows.stats(s, [prev.id], null)).get(prev.id) ?? NO_STATS;
        if (resultsAvailable(prev.anonymous, pStats.answered)) {
          const pSheets = prev.anonymous ? await this.rows.anonymousAnswers(s, prev.id) : (await this.rows.namedAnswers(s, prev.id)).map((x) => x.answers);
          prevAgg = { roundId: prev.id, byQuestion: new Map(aggregate(questionsOf(prev.sections), pSheets).map((a) => [a.question_id, a])) };
        }
      }
      return { round, stats, recipients, available, sheets, named, prevAgg };
    });
    const people = await this.directory.usersById(req.orgId, data.recipients.map((x) => x.userId));
    const person = (id: number) => ({ id, name: people.get(id)?.name ?? null });
    const questions = questionsOf(data.round.sections);
    const agg = data.available ? aggregate(questions, data.sheets) : [];
    const { my_answers: _m, ...round } = await this.db.tenant(req.orgId, (s) => this.roundPayload(s, data.round, data.stats, tz, true, uid));
    return {
      round,
      available: data.available,
      min_answers: data.round.anonymous ? EVALUATION_MIN_ANSWERS : 1,
      questions: agg.map((a) => {
        const p = data.prevAgg?.byQuestion.get(a.question_id);
        return { ...a, previous: p && p.kind === a.kind ? { round_id: data.prevAgg!.roundId, n: p.n, average: p.average, counts: p.counts } : null };
      }),
      recipients: data.recipients.map((x) => ({ ...person(x.userId), answered: x.answeredAt !== null })),
      // a named round only: each member's answers (an anonymous round has none to give: its sheets hold no member)
      responses: data.named.map((x) => ({ user: person(x.userId), answered_at: serverDate(x.answeredAt, tz) ?? '', answers: x.answers })),
    };
  }

  /**
   * Who of a round's recipients has not answered yet, as addresses (ListPendingRespondents): the deadline reminder asks
   * when it fires. Nobody once the round is gone or its deadline has passed.
   */
  async pending(orgId: string, roundId: number): Promise<ResponseOf<typeof ListPendingRespondents>> {
    const waiting = await this.db.tenant(orgId, async (s) => {
      const round = await this.rows.round(s, roundId);
      if (!round || !roundOpen(round.deadline, new Date(), round.closedAt)) return [];
      return (await this.rows.recipients(s, round.id)).filter((x) => x.answeredAt === null).map((x) => x.userId);
    });
    const users = await this.directory.usersById(orgId, waiting);
    const emails = waiting.map((id) => users.get(id)).filter((u) => u && u.status !== 'Deleted' && u.status !== 'Inactive').map((u) => normalizeEmail(u!.email));
    return { emails: [...new Set(emails)] };
  }

  // ---------- helpers ----------

  /** builders only (organization admins, committee admins); their administered committees */
  private async builder(req: Req) {
    const uid = userOf(req.actor);
    const committees = await this.directory.userCommittees(req.orgId, uid);
    if (!canBuild(req.actor, committees.admin.map((c) => c.id))) throw new AppError('MEETING_FORBIDDEN');
    return committees;
  }

  private async zone(orgId: string): Promise<string> {
    return (await this.directory.organization(orgId)).time_zone;
  }

  /** a round the caller may see: a recipient, or its manager (the committee from the directory); else 404 */
  private async seen(s: Scope, req: Req, roundId: number) {
    const round = await this.rows.round(s, roundId);
    if (!round) throw AppError.notFound('round');
    const stats = (await this.rows.stats(s, [round.id], req.actor.userId)).get(round.id) ?? NO_STATS;
    const manage = canManageRound(req.actor, await this.directory.committee(req.orgId, round.committeeId));
    if (!stats.isRecipient && !manage) throw AppError.notFound('round');
    return { round, stats, manage };
  }

  private async roundPayload(s: Scope, round: RoundEntry, stats: RoundStats, tz: string, manage: boolean, userId: number | null): Promise<Round> {
    let mine: Round['my_answers'] = null;
    if (!round.anonymous && userId !== null && stats.hasAnswered) mine = (await this.rows.namedAnswers(s, round.id, userId))[0]?.answers ?? null;
    return { ...summary(round, stats, tz, manage), description: round.description, sections: round.sections, my_answers: mine };
  }

  private async withRounds(s: Scope, x: QuestionnaireEntry, tz: string, actor: Actor, adminOf: Set<number>): Promise<Questionnaire> {
    const rounds = await this.rows.roundsOf(s, [x.id]);
    const stats = await this.rows.stats(s, rounds.map((r) => r.id), actor.userId);
    return this.questionnaire(x, rounds, stats, tz, actor, adminOf);
  }

  private questionnaire(x: QuestionnaireEntry, rounds: RoundEntry[], stats: Map<number, RoundStats>, tz: string, actor: Actor, adminOf: Set<number>): Questionnaire {
    return {
      id: x.id, title: x.title, description: x.description, anonymous: x.anonymous, sections: x.sections, created_by: x.createdBy,
      created_at: serverDate(x.createdAt, tz) ?? '', updated_at: serverDate(x.updatedAt, tz) ?? '',
      rounds: rounds.filter((r) => r.questionnaireId === x.id).map((r) => summary(r, stats.get(r.id) ?? NO_STATS, tz, actor.isAdmin || adminOf.has(r.committeeId))),
    };
  }
}

function userOf(actor: Actor): number {
  if (actor.kind !== 'user' || actor.userId === null) throw new AppError('MEETING_FORBIDDEN');
  return actor.userId;
}

function input(body: RequestOf<typeof CreateQuestionnaire>['body']) {
  return { title: body.title, description: body.description ?? null, anonymous: body.anonymous, sections: body.sections };
}

function summary(r: RoundEntry, st: RoundStats, tz: string, manage: boolean): RoundSummary {
  const open = roundOpen(r.deadline, new Date(), r.closedAt);
  return {
    id: r.id, questionnaire_id: r.questionnaireId, title: r.title, anonymous: r.anonymous,
    committee: { id: r.committeeId, name: r.committeeName }, deadline: serverDate(r.deadline, tz) ?? '', open,
    closed_at: r.closedAt ? serverDate(r.closedAt, tz) ?? null : null, reminder_minutes: r.reminderMinutes, can_close: manage && open,
    recipients: st.recipients, answered: st.answered, is_recipient: st.isRecipient, has_answered: st.hasAnswered,
    can_answer: open && st.isRecipient && !st.hasAnswered, can_view_results: manage, created_at: serverDate(r.createdAt, tz) ?? '',
  };
}
