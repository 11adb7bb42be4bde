import type { MeetingDraft } from './parse';

/**
 * How a dictated meeting reaches the create drawer: the voice button emits the draft (a window event, so
 * the drawer needs no import of the shell) and navigates to the meetings page; the drawer opens on it,
 * fills its fields and waits for the user to confirm. A draft emitted before the drawer listens is kept
 * until it takes it (`takePendingDraft`).
 */
export const MEETING_DRAFT_EVENT = 'boardroom:voice-meeting-draft';
let pending: MeetingDraft | null = null;

export function emitMeetingDraft(draft: MeetingDraft): void {
  pending = draft;
  window.dispatchEvent(new CustomEvent<MeetingDraft>(MEETING_DRAFT_EVENT, { detail: draft }));
}

/** the draft not yet taken (a drawer that mounts after the command), at most once */
export function takePendingDraft(): MeetingDraft | null {
  const d = pending;
  pending = null;
  return d;
}

/** the drawer's subscription: `listener` gets each dictated draft; returns the unsubscribe */
export function onMeetingDraft(listener: (draft: MeetingDraft) => void): () => void {
  const h = (e: Event) => {
    pending = null;
    listener((e as CustomEvent<MeetingDraft>).detail);
  };
  window.addEventListener(MEETING_DRAFT_EVENT, h);
  return () => window.removeEventListener(MEETING_DRAFT_EVENT, h);
}
