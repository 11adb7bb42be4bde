import { z } from 'zod';
import type { Attendance, Vote } from './meeting.constants';

/**
 * Quorum and outcome of a decision, and the attendance quorum of a meeting (docs/product/votes.md#quorum-and-outcome).
 * Pure functions: the meeting service puts their answers in the payloads and events, the web may recompute
 * them from a live tally.
 */
export const DECISION_OUTCOMES = ['No quorum', 'Passed', 'Rejected'] as const;
export const zDecisionOutcome = z.enum(DECISION_OUTCOMES);
export type DecisionOutcome = z.output<typeof zDecisionOutcome>;

/** The quorum a committee has when none is known (the stored default). */
export const DEFAULT_QUORUM = 50;

export interface QuorumAnswer {
  /** those counted (voters who voted other than Pending; members marked Going) */
  present: number;
  /** everyone who could be counted */
  total: number;
  /** the smallest `present` that meets the quorum */
  needed: number;
  met: boolean;
}

/** `present` of `total` meets `quorumPercent` when present / total ≥ quorum % (integer arithmetic, no rounding). */
export function quorumOf(present: number, total: number, quorumPercent: number): QuorumAnswer {
  const q = Math.min(100, Math.max(0, quorumPercent));
  const needed = Math.ceil((q * total) / 100);
  return { present, total, needed, met: present * 100 >= q * total };
}

/** A decision's quorum: its voters who cast a vote other than Pending against all its voters. */
export function decisionQuorum(votes: readonly Vote[], quorumPercent: number): QuorumAnswer {
  return quorumOf(votes.filter((v) => v !== 'Pending').length, votes.length, quorumPercent);
}

/**
 * The outcome once voting has closed (null while it is open): No quorum when the quorum is not met; otherwise
 * Passed when Approved votes are more than half of the votes other than Abstained and Pending, else Rejected.
 */
export function decisionOutcome(votes: readonly Vote[], quorumPercent: number, votingClosed: boolean): DecisionOutcome | null {
  if (!votingClosed) return null;
  if (!decisionQuorum(votes, quorumPercent).met) return 'No quorum';
  const counted = votes.filter((v) => v !== 'Abstained' && v !== 'Pending').length;
  const approved = votes.filter((v) => v === 'Approved').length;
  // the same as outcomeOf(…, 'simple_majority', …) by head (outcome.ts; outcome.spec.ts checks they agree)
  return approved * 2 > counted ? 'Passed' : 'Rejected';
}

/** A meeting's attendance quorum: its members marked Going against all its members. */
export function attendanceQuorum(attendance: readonly Attendance[], quorumPercent: number): QuorumAnswer {
  return quorumOf(attendance.filter((a) => a === 'Going').length, attendance.length, quorumPercent);
}

export const zQuorumInfo = z.object({
  /** the committee's quorum in percent */
  percent: z.number(),
  present: z.number().int(),
  total: z.number().int(),
  needed: z.number().int(),
  met: z.boolean(),
});
export type QuorumInfo = z.output<typeof zQuorumInfo>;

export const quorumInfo = (a: QuorumAnswer, percent: number): QuorumInfo => ({ percent, ...a });
