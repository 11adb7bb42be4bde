import { Injectable } from '@nestjs/common';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { decisions, secretBallots, secretWeights, voters } from '../db/schema';
import type { Scope } from '../db/db';
import { VOTE_VALUES, electionChoices, entryVote as ballotVote } from '@app/contracts';

const isVote = (choice: string): boolean => (VOTE_VALUES as readonly string[]).includes(choice);

/**
 * Secret ballots (docs/ballots.md#what-is-stored): the mark "has voted" on the voter's row and, apart, the choice
 * with its receipt in secret_ballots. The two writes share a transaction (the vote is one act); what the database
 * keeps afterwards is in the doc, with what it cannot hide.
 */
@Injectable()
export class SecretBallotsRepository {
  /**
   * Secret votes of one decision, one or a batch (VoteBatcher): lock the decision row (the votes of one decision take
   * turns, batch by batch), mark each voter (only if not yet marked: a voter who had voted already is left out of
   * the answer and nothing of theirs is written), add each marked voter's weight to the totals of their choice, then
   * rewrite the decision's choices — the old ones and this batch's new ones — in one random order (inside
   * PostgreSQL). The rewrite gives every row of the decision this transaction's id and a new place, so neither says
   * which row came with which vote or which batch (docs/ballots.md#threat-model-in-plain-words). Answers the keys
   * marked. The caller gives each voter once.
   */
  async cast(
    s: Scope, decisionId: number,
    votes: Array<{ voterKey: string; receipt: string; choice: string; weighs: { vote: string; candidates: number[] } }>,
  ): Promise<Set<string>> {
    const { orgId, tx } = s;
    if (!votes.length) return new Set();
    await tx.select({ id: decisions.id }).from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.id, decisionId))).for('update');
    const marked = await tx
      .update(voters)
      .set({ hasVoted: true, updatedAt: sql`now()` })
      .where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId), inArray(voters.voterKey, votes.map((v) => v.voterKey)), eq(voters.hasVoted, false)))
      .returning({ voterKey: voters.voterKey, weight: voters.weight });
    if (!marked.length) return new Set();
    const weightOf = new Map(marked.map((m) => [m.voterKey, Number(m.weight)]));
    const kept = votes.filter((v) => weightOf.has(v.voterKey));
    // each voter's weight joins the total of their choice, not their ballot row (docs/ballots.md#weights-in-a-secret-ballot)
    // an election's ballot: its value (Approved, or Abstained when blank) and each chosen candidate ('c<number>') get
    // the weight, each as one total (docs/ballots.md#elections); summed per choice first (one row per choice in the
    // statement: ON CONFLICT cannot touch a row twice)
    const totals = new Map<string, number>();
    for (const v of kept) for (const choice of [v.weighs.vote, ...v.weighs.candidates.map((c) => `c${c}`)]) totals.set(choice, (totals.get(choice) ?? 0) + weightOf.get(v.voterKey)!);
    await tx
      .insert(secretWeights)
      .values([...totals].map(([choice, weight]) => ({ orgId, decisionId, choice, weight })))
      .onConflictDoUpdate({ target: [secretWeights.orgId, secretWeights.decisionId, secretWeights.choice], set: { weight: sql`${secretWeights.weight} + excluded.weight` } });
    // the rewrite inside PostgreSQL, in one statement: every row of the decision and the batch's new ones deleted /
    // inserted again in an order drawn from a strong random source (gen_random_uuid reads pg_strong_random). Once per
    // batch, not per vote: a burst of N votes in batches of B writes about N²/2B rows (docs/performance.md, P9)
    const fresh = JSON.stringify(kept.map((v) => ({ receipt: v.receipt, choice: v.choice })));
    await tx.execute(sql`
      WITH old AS (
        DELETE FROM ${secretBallots} WHERE ${and(eq(secretBallots.orgId, orgId), eq(secretBallots.decisionId, decisionId))}
        RETURNING receipt, choice),
      every AS (
        SELECT receipt, choice FROM old
        UNION ALL SELECT receipt, choice FROM jsonb_to_recordset(${fresh}::jsonb) AS fresh(receipt text, choice text))
      INSERT INTO ${secretBallots} (org_id, decision_id, receipt, choice)
      SELECT ${orgId}::uuid, ${decisionId}::bigint, receipt, choice FROM every ORDER BY gen_random_uuid()`);
    return new Set(kept.map((v) => v.voterKey));
  }

  /** how many choices of each value, per decision, and their weight `w` (values nobody chose are absent) */
  async counts(s: Scope, decisionIds: number[]): Promise<Array<{ decisionId: number; vote: string; n: number; w: number }>> {
    const { orgId, tx } = s;
    if (!decisionIds.length) return [];
    const rows = await tx
      .select({ decisionId: secretBallots.decisionId, vote: secretBallots.choice, n: count() })
      .from(secretBallots)
      .where(and(eq(secretBallots.orgId, orgId), inArray(secretBallots.decisionId, decisionIds)))
      .groupBy(secretBallots.decisionId, secretBallots.choice);
    const weights = await tx
      .select({ decisionId: secretWeights.decisionId, vote: secretWeights.choice, w: secretWeights.weight })
      .from(secretWeights)
      .where(and(eq(secretWeights.orgId, orgId), inArray(secretWeights.decisionId, decisionIds)));
    const w = new Map(weights.map((x) => [`${x.decisionId}:${x.vote}`, Number(x.w)]));
    // an election's ballots count as the value they stand for (ballotVote: Approved, or Abstained when blank)
    const merged = new Map<string, { decisionId: number; vote: string; n: number }>();
    for (const r of rows) {
      const vote = ballotVote(r.vote);
      const k = `${r.decisionId}:${vote}`;
      const m = merged.get(k) ?? { decisionId: r.decisionId, vote, n: 0 };
      m.n += Number(r.n);
      merged.set(k, m);
    }
    return [...merged].map(([k, r]) => ({ ...r, w: w.get(k) ?? 0 }));
  }

  /**
   * An election's count per candidate, per decision: how many ballots chose each (from the choices' text) and the
   * weight behind it (its 'c<number>' total). Read only once the results are shown (the caller decides).
   */
  async candidateCounts(s: Scope, decisionIds: number[]): Promise<Array<{ decisionId: number; id: number; n: number; w: number }>> {
    const { orgId, tx } = s;
    if (!decisionIds.length) return [];
    const rows = await tx
      .select({ decisionId: secretBallots.decisionId, choice: secretBallots.choice })
      .from(secretBallots)
      .where(and(eq(secretBallots.orgId, orgId), inArray(secretBallots.decisionId, decisionIds)));
    const weights = await tx
      .select({ decisionId: secretWeights.decisionId, choice: secretWeights.choice, w: secretWeights.weight })
      .from(secretWeights)
      .where(and(eq(secretWeights.orgId, orgId), inArray(secretWeights.decisionId, decisionIds), sql`${secretWeights.choice} like 'c%'`));
    const out = new Map<string, { decisionId: number; id: number; n: number; w: number }>();
    const at = (decisionId: number, id: number) => {
      const k = `${decisionId}:${id}`;
      if (!out.has(k)) out.set(k, { decisionId, id, n: 0, w: 0 });
      return out.get(k)!;
    };
    for (const r of rows) for (const id of isVote(r.choice) ? [] : electionChoices(r.choice)) at(r.decisionId, id).n++;
    for (const x of weights) at(x.decisionId, Number(x.choice.slice(1))).w = Number(x.w);
    return [...out.values()];
  }

  /** every (receipt, choice) of a decision, in no particular order (the caller sorts: canonicalBallots) */
  async entries(s: Scope, decisionId: number): Promise<Array<{ receipt: string; choice: string }>> {
    const { orgId, tx } = s;
    return tx.select({ receipt: secretBallots.receipt, choice: secretBallots.choice }).from(secretBallots).where(and(eq(secretBallots.orgId, orgId), eq(secretBallots.decisionId, decisionId)));
  }

  /** has anybody voted on this decision (open: a value other than Pending; secret: a mark)? */
  async anyVote(s: Scope, decisionId: number): Promise<boolean> {
    const { orgId, tx } = s;
    const [row] = await tx
      .select({ id: voters.id })
      .from(voters)
      .where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId), sql`(${voters.hasVoted} or ${voters.vote} <> 'Pending')`))
      .limit(1);
    return !!row;
  }
}
