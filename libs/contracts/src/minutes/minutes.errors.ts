import { registerErrors, codesOf, type ErrorSpec } from '../core/errors';

/**
 * Error codes of the minutes service (docs/minutes.md). A refused permission is the meeting's own
 * MEETING_FORBIDDEN (the web only offers what the minutes' `permissions` allow); these are the state rules.
 */
export const MINUTES_ERRORS = {
  MINUTES_NOT_AVAILABLE: { status: 409, message: 'Minutes are managed only while the meeting is live or archived.' },
  MINUTES_NO_VERSION: { status: 404, message: 'No minutes have been made for this meeting yet.' },
  MINUTES_DOWNLOAD_OFF: { status: 409, message: 'Downloading the minutes is turned off for this meeting.' },
  MINUTES_NOT_A_PDF: { status: 409, message: 'Choose only pdf' },
  MINUTES_BOOK_EMPTY: { status: 409, message: 'The agenda has no PDF attachments to merge.' },
  MINUTES_LOCKED: { status: 409, message: 'The minutes are being signed or are published: start a correction to change them.' },
  MINUTES_WRONG_STATE: { status: 409, message: 'The minutes are not at the step this needs.' },
  MINUTES_DRAFT_NOT_MADE: { status: 409, message: 'Press Done to make the PDF of this edition before sending it for approval.' },
  MINUTES_SEAL_PENDING: { status: 409, message: 'The signed minutes are still being sealed: try again in a moment.' },
} as const satisfies Record<string, ErrorSpec>;
registerErrors('minutes', MINUTES_ERRORS);
declare module '../core/errors' {
  interface ErrorTables {
    minutes: typeof MINUTES_ERRORS;
  }
}

export const MinutesErrors = codesOf(MINUTES_ERRORS);

/** Field and success messages of the minutes (English keys; translations in minutes.messages.ts). */
export const MinutesMessages = {
  settingOn: 'Minutes download turned on',
  settingOff: 'Minutes download turned off',
  saved: 'Minutes saved successfully',
  done: 'Minutes are being generated',
  uploaded: 'Minutes uploaded successfully',
  merging: 'The board book is being prepared',
  merged: 'Board book ready',
  idMismatch: 'The id does not match the meeting.',
  commentFormat: 'The comment must be a list of texts.',
  unknownItem: 'The selected item is not on this meeting.',
  duplicateItem: 'The item is listed twice.',
  doneOwnerOnly: 'Only the owner of the meeting can finish the minutes.',
  langInvalid: 'The minutes language must be one of: en, ar, fr, ru.',
  reviewersRequired: 'Choose at least one reviewer.',
  reviewDeadlinePast: 'The review deadline must be in the future.',
  noChair: "Name the meeting's chair first: the chair signs the minutes.",
  noSecretary: "Name the meeting's secretary first: this organization has the secretary sign the minutes after the chair.",
  notAMember: 'The selected person is not a member of this meeting.',
  chooseChair: 'Choose who chaired the meeting: they sign the minutes.',
  chooseSecretary: 'Choose the secretary of the meeting: this organization has the secretary sign the minutes after the chair.',
  chairNamed: "The meeting names its chair: the chair signs the minutes.",
  secretaryNamed: "The meeting names its secretary: the secretary signs the minutes.",
  secretaryNotAsked: 'This organization does not have the secretary sign the minutes.',
  namedInCard: "Name the meeting's roles in the “Running the meeting” card: they can be named until the meeting is archived.",
  sentForReview: 'Minutes sent for review',
  reviewCommented: 'Comment added',
  reviewDeadlineChanged: 'Review deadline saved',
  sentForApproval: 'Minutes sent for approval',
  published: 'Minutes published',
  correctionStarted: 'A correction of the minutes was started',
} as const;
