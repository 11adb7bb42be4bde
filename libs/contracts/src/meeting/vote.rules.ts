import type { Vote } from './meeting.constants';

/**
 * The vote rules every side applies (docs/product/votes.md): the schema of a vote, the meeting service's use cases,
 * the notification's e-mails and the web's dialog and tally use these and no copy of them.
 */

/** a reason is required for Denied and Others */
export function voteNeedsReason(vote: Vote): boolean {
  return vote === 'Denied' || vote === 'Others';
}

/** a percentage rounded up to one decimal (the tallies and analytics); binary noise (14.000000000000002) stays 14 */
export function roundUpOneDecimal(percentage: number): number {
  if (!Number.isFinite(percentage) || percentage <= 0) return 0;
  return Math.ceil(percentage * 10 - 1e-9) / 10;
}

/** a share of `total` in percent, rounded up to one decimal; 0 of nothing is 0 */
export function percentUp(n: number, total: number): number {
  return total === 0 ? 0 : Math.ceil((n * 1000) / total) / 10;
}
