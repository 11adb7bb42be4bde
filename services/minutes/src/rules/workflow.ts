import { MINUTES_LOCKED_STATES, type MinutesWorkflowState, type WorkflowPermissions } from '@app/contracts';

/**
 * The minutes workflow's rules (docs/minutes.md#the-workflow), pure and table-tested: which step may follow which,
 * and what an actor may do at each. The owner (the one who presses Done) drives the steps; a reviewer comments while
 * the edition is in review. Everything is closed while the minutes are not available (meeting not Live or Archived).
 */
export type WorkflowStep = 'send_review' | 'send_approval' | 'approve' | 'reject' | 'publish' | 'correct';

const FROM: Record<WorkflowStep, readonly MinutesWorkflowState[]> = {
  send_review: ['draft', 'in_review'],
  send_approval: ['draft', 'in_review'],
  approve: ['in_approval'],
  reject: ['in_approval'],
  publish: ['approved'],
  correct: ['published'],
};
const TO: Record<WorkflowStep, MinutesWorkflowState> = {
  send_review: 'in_review',
  send_approval: 'in_approval',
  approve: 'approved',
  reject: 'draft',
  publish: 'published',
  correct: 'draft',
};

/** the state a step leads to, or null when it may not be taken from `state` */
export function nextState(state: MinutesWorkflowState, step: WorkflowStep): MinutesWorkflowState | null {
  return FROM[step].includes(state) ? TO[step] : null;
}

export const isLocked = (state: MinutesWorkflowState): boolean => MINUTES_LOCKED_STATES.includes(state);

export interface WorkflowFacts {
  state: MinutesWorkflowState;
  available: boolean;
  /** the meeting's owner (rights.done) */
  owner: boolean;
  /** a reviewer of the current edition */
  reviewer: boolean;
}

export function workflowPermissions(f: WorkflowFacts): WorkflowPermissions {
  const can = (step: WorkflowStep) => f.available && f.owner && nextState(f.state, step) !== null;
  return {
    send_review: can('send_review'),
    review_comment: f.available && f.reviewer && f.state === 'in_review',
    send_approval: can('send_approval'),
    publish: can('publish'),
    correct: can('correct'),
    editable: f.available && !isLocked(f.state),
  };
}

/**
 * Who signs the minutes, in order. Meetings have no chair or secretary role yet (docs/decisions.md "Minutes
 * approvers"): the owner's choice stands. Once a meeting names them, pass them as `chair` and `secretary` and they
 * sign first (the chair, then the secretary where the organization asks for it), before anyone else chosen.
 */
export function approversFor(o: { chosen: readonly number[]; chair?: number | null; secretary?: number | null }): number[] {
  const first = [o.chair, o.secretary].filter((x): x is number => typeof x === 'number');
  return [...new Set([...first, ...o.chosen])];
}
