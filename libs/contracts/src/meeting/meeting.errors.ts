import { registerErrors, type ErrorSpec } from '../core/errors';

/**
 * Error codes of the meeting service. 409s are state rules the web shows as an alert with the
 * message; 403 is a permission the web should not have offered (its buttons follow `permissions`).
 */
export const MEETING_ERRORS = {
  MEETING_FORBIDDEN: { status: 403, message: "You don't have permission to perform this action." },
  MEETING_LOCKED: { status: 409, message: 'This meeting is cancelled or archived and can no longer be changed.' },
  MEETING_COMMITTEE_INACTIVE: { status: 409, message: 'The committee of this meeting is inactive.' },
  MEETING_STATUS_NOT_ALLOWED: { status: 409, message: 'This status change is not allowed.' },
  MEETING_NEEDS_MEMBERS: { status: 409, message: 'Participants must be added first.' },
  DECISION_VOTING_CLOSED: { status: 409, message: 'Voting is closed for this decision.' },
  DECISION_VISIBILITY_NOT_ALLOWED: { status: 409, message: 'Something went wrong, please try again later' },
  ACTION_LOCKED: { status: 409, message: 'This action is past its deadline and can no longer be changed.' },
  DEADLINE_PASSED: { status: 409, message: 'Deadline passed, you cannot join the meeting' },
  VIRTUAL_NOT_AVAILABLE: { status: 409, message: 'This meeting has no online session.' },
  NDA_NOT_REQUIRED: { status: 409, message: 'This organization does not require an NDA.' },
  /** a member or guest who has not accepted the meeting's NDA asked for more than its title and date (docs/meeting.md#the-nda-gate) */
  NDA_NOT_ACCEPTED: { status: 409, message: 'Accept the confidentiality agreement of this meeting first.' },
} as const satisfies Record<string, ErrorSpec>;
registerErrors('meeting', MEETING_ERRORS);
declare module '../core/errors' {
  interface ErrorTables {
    meeting: typeof MEETING_ERRORS;
  }
}
