/** an assignee as the create form expands it: a member (user id) or a guest (e-mail), at a step */
export interface ExpandedAssignee {
  step: number;
  userId: number | null;
  email: string | null;
}

/**
 * One step per person (docs/approval.md#rules): a person named twice (directly, through a committee, or a guest's
 * e-mail twice) keeps the first, lowest, step they are given; a member who is no longer a user of the organization
 * (`known` false) is left out. Steps keep their order; within a step, the order given.
 */
export function oneStepPerPerson<R extends ExpandedAssignee>(rows: readonly R[], known: (userId: number) => boolean): R[] {
  const seen = new Set<string>();
  const out: R[] = [];
  for (const r of [...rows].sort((a, b) => a.step - b.step)) {
    const key = r.userId ? `u${r.userId}` : `g${r.email}`;
    if (seen.has(key) || (r.userId && !known(r.userId))) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}
