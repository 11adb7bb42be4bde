/** A share of `total` in percent, rounded up to one decimal (the spec's tallies and analytics); 0 of nothing is 0. */
export function percentUp(n: number, total: number): number {
  return total === 0 ? 0 : Math.ceil((n * 1000) / total) / 10;
}
