import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Answers, Localized, Section } from '@app/contracts';
import {
  evaluationAnonymousAnswers, evaluationNamedAnswers, evaluationRecipients, evaluationRounds, questionnaires,
} from '../db/schema';
import type { Scope } from '../db/db';

export interface QuestionnaireEntry {
  id: number;
  title: Localized;
  description: Localized | null;
  anonymous: boolean;
  sections: Section[];
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface RoundEntry {
  id: number;
  questionnaireId: number;
  committeeId: number;
  committeeName: string;
  anonymous: boolean;
  title: Localized;
  description: Localized | null;
  sections: Section[];
  deadline: Date;
  sentBy: number | null;
  createdAt: Date;
  closedAt: Date | null;
  /** minutes before the deadline, largest first; null: sent before reminders were chosen */
  reminderMinutes: number[] | null;
}
/** a round's counts, and the caller's place in it */
export interface RoundStats {
  recipients: number;
  answered: number;
  isRecipient: boolean;
  hasAnswered: boolean;
}
export interface QuestionnaireInput {
  title: Localized;
  description: Localized | null;
  anonymous: boolean;
  sections: Section[];
}

const q = questionnaires;
const r = evaluationRounds;
const rc = evaluationRecipients;

/** Questionnaires, rounds, recipients and answers (rules/evaluation.ts decides; this only reads and writes). */
@Injectable()
export class EvaluationsRepository {
  async questionnaires(s: Scope): Promise<QuestionnaireEntry[]> {
    const rows = await s.tx.select().from(q).where(eq(q.orgId, s.orgId)).orderBy(desc(q.id));
    return rows.map(toQuestionnaire);
  }

  async questionnaire(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<QuestionnaireEntry | null> {
    const base = s.tx.select().from(q).where(and(eq(q.orgId, s.orgId), eq(q.id, id)));
    const rows = opts.lock ? await base.for('update') : await base;
    return rows[0] ? toQuestionnaire(rows[0]) : null;
  }

  async insertQuestionnaire(s: Scope, v: QuestionnaireInput & { createdBy: number | null }): Promise<QuestionnaireEntry> {
    const [row] = await s.tx.insert(q).values({ orgId: s.orgId, ...v }).returning();
    return toQuestionnaire(row);
  }

  async updateQuestionnaire(s: Scope, id: number, v: QuestionnaireInput): Promise<QuestionnaireEntry> {
    const [row] = await s.tx.update(q).set({ ...v, updatedAt: sql`now()` }).where(and(eq(q.orgId, s.orgId), eq(q.id, id))).returning();
    return toQuestionnaire(row);
  }

  /** rounds of some questionnaires, newest first */
  async roundsOf(s: Scope, questionnaireIds: number[]): Promise<RoundEntry[]> {
    if (!questionnaireIds.length) return [];
    const rows = await s.tx.select().from(r).where(and(eq(r.orgId, s.orgId), inArray(r.questionnaireId, questionnaireIds))).orderBy(desc(r.id));
    return rows.map(toRound);
  }

  async round(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<RoundEntry | null> {
    const base = s.tx.select().from(r).where(and(eq(r.orgId, s.orgId), eq(r.id, id)));
    const rows = opts.lock ? await base.for('update') : await base;
    return rows[0] ? toRound(rows[0]) : null;
  }

  /** the round of the same questionnaire sent just before this one */
  async previousRound(s: Scope, round: Pick<RoundEntry, 'id' | 'questionnaireId'>): Promise<RoundEntry | null> {
    const rows = await s.tx.select().from(r)
      .where(and(eq(r.orgId, s.orgId), eq(r.questionnaireId, round.questionnaireId), lt(r.id, round.id)))
      .orderBy(desc(r.id)).limit(1);
    return rows[0] ? toRound(rows[0]) : null;
  }

  /** the rounds a user was sent, newest first */
  async roundsOfUser(s: Scope, userId: number): Promise<RoundEntry[]> {
    const rows = await s.tx.select({ round: r }).from(r)
      .innerJoin(rc, and(eq(rc.orgId, r.orgId), eq(rc.roundId, r.id)))
      .where(and(eq(r.orgId, s.orgId), eq(rc.userId, userId)))
      .orderBy(desc(r.id));
    return rows.map((x) => toRound(x.round));
  }

  /** closes an open round now; false when it was closed already (two at once: one wins) */
  async closeRound(s: Scope, id: number, by: number | null): Promise<RoundEntry | null> {
    const rows = await s.tx.update(r).set({ closedAt: sql`now()`, closedBy: by })
      .where(and(eq(r.orgId, s.orgId), eq(r.id, id), isNull(r.closedAt))).returning();
    return rows[0] ? toRound(rows[0]) : null;
  }

  async insertRound(s: Scope, v: Omit<RoundEntry, 'id' | 'createdAt' | 'closedAt'>, recipientIds: number[]): Promise<RoundEntry> {
    const [row] = await s.tx.insert(r).values({ orgId: s.orgId, ...v }).returning();
    await s.tx.insert(rc).values(recipientIds.map((userId) => ({ orgId: s.orgId, roundId: row.id, userId })));
    return toRound(row);
  }

  /** per round: recipients, answered, and whether `userId` is asked and has answered */
  async stats(s: Scope, roundIds: number[], userId: number | null): Promise<Map<number, RoundStats>> {
    const out = new Map<number, RoundStats>();
    if (!roundIds.length) return out;
    const me = userId ?? 0;
    const rows = await s.tx
      .select({
        roundId: rc.roundId,
        recipients: count(),
        answered: count(rc.answeredAt),
        isRecipient: sql<boolean>`bool_or(${rc.userId} = ${me})`,
        hasAnswered: sql<boolean>`bool_or(${rc.userId} = ${me} AND ${rc.answeredAt} IS NOT NULL)`,
      })
      .from(rc)
      .where(and(eq(rc.orgId, s.orgId), inArray(rc.roundId, roundIds)))
      .groupBy(rc.roundId);
    for (const x of rows) out.set(Number(x.roundId), { recipients: Number(x.recipients), answered: Number(x.answered), isRecipient: !!x.isRecipient, hasAnswered: !!x.hasAnswered });
    return out;
  }

  async recipients(s: Scope, roundId: number): Promise<Array<{ userId: number; answeredAt: Date | null }>> {
    return s.tx.select({ userId: rc.userId, answeredAt: rc.answeredAt }).from(rc)
      .where(and(eq(rc.orgId, s.orgId), eq(rc.roundId, roundId))).orderBy(asc(rc.userId));
  }

  /** marks the recipient as answered; false when they are not asked or have answered already (two at once: one wins) */
  async markAnswered(s: Scope, roundId: number, userId: number): Promise<boolean> {
    const rows = await s.tx.update(rc).set({ answeredAt: sql`now()` })
      .where(and(eq(rc.orgId, s.orgId), eq(rc.roundId, roundId), eq(rc.userId, userId), isNull(rc.answeredAt)))
      .returning({ userId: rc.userId });
    return rows.length > 0;
  }

  async insertNamed(s: Scope, roundId: number, userId: number, answers: Answers): Promise<void> {
    await s.tx.insert(evaluationNamedAnswers).values({ orgId: s.orgId, roundId, userId, answers, answeredAt: sql`now()` });
  }

  async namedAnswers(s: Scope, roundId: number, userId?: number): Promise<Array<{ userId: number; answers: Answers; answeredAt: Date }>> {
    const n = evaluationNamedAnswers;
    const rows = await s.tx.select({ userId: n.userId, answers: n.answers, answeredAt: n.answeredAt }).from(n)
      .where(and(eq(n.orgId, s.orgId), eq(n.roundId, roundId), userId === undefined ? undefined : eq(n.userId, userId)))
      .orderBy(asc(n.answeredAt), asc(n.userId));
    return rows.map((x) => ({ ...x, answers: x.answers as Answers }));
  }

  /**
   * An anonymous sheet: every sheet of the round deleted and inserted again with the new one, in an order drawn from
   * PostgreSQL's strong random source, in one statement (as SecretBallotsRepository.cast): neither the rows'
   * physical order nor their transaction ids follow the order of the answers.
   */
  async answerAnonymously(s: Scope, roundId: number, answers: Answers): Promise<void> {
    const a = evaluationAnonymousAnswers;
    await s.tx.execute(sql`
      WITH old AS (
        DELETE FROM ${a} WHERE ${and(eq(a.orgId, s.orgId), eq(a.roundId, roundId))}
        RETURNING answers),
      every AS (SELECT answers FROM old UNION ALL SELECT ${JSON.stringify(answers)}::jsonb)
      INSERT INTO ${a} (org_id, round_id, answers)
      SELECT ${s.orgId}::uuid, ${roundId}::bigint, answers FROM every ORDER BY gen_random_uuid()`);
  }

  async anonymousAnswers(s: Scope, roundId: number): Promise<Answers[]> {
    const a = evaluationAnonymousAnswers;
    const rows = await s.tx.select({ answers: a.answers }).from(a).where(and(eq(a.orgId, s.orgId), eq(a.roundId, roundId)));
    return rows.map((x) => x.answers as Answers);
  }
}

function toQuestionnaire(x: typeof questionnaires.$inferSelect): QuestionnaireEntry {
  return {
    id: x.id, title: x.title as Localized, description: (x.description as Localized | null) ?? null, anonymous: x.anonymous,
    sections: x.sections as Section[], createdBy: x.createdBy, createdAt: x.createdAt, updatedAt: x.updatedAt,
  };
}
function toRound(x: typeof evaluationRounds.$inferSelect): RoundEntry {
  return {
    id: x.id, questionnaireId: x.questionnaireId, committeeId: x.committeeId, committeeName: x.committeeName, anonymous: x.anonymous,
    title: x.title as Localized, description: (x.description as Localized | null) ?? null, sections: x.sections as Section[],
    deadline: x.deadline, sentBy: x.sentBy, createdAt: x.createdAt, closedAt: x.closedAt ?? null,
    reminderMinutes: x.reminderMinutes ?? null,
  };
}
