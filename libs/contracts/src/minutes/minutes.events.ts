import { defineEvent } from '../core/define';
import { zMinutesChangedPayload, zMinutesPublishedPayload, zMinutesReviewRequestedPayload } from './workflow';

/**
 * Events of the minutes service (stream MINUTES, through the transactional outbox). MinutesPublished carries the
 * organization's slug, name and zone and every recipient with their language, so the notifier never calls back.
 */
export const MinutesPublished = defineEvent({ subject: 'minutes.v1.minutes.published', payload: zMinutesPublishedPayload });
/** an edition was sent for review, with or without a deadline (the notification service (re)schedules or drops the reminder) */
export const MinutesReviewRequested = defineEvent({ subject: 'minutes.v1.review.requested', payload: zMinutesReviewRequestedPayload });
/**
 * the owner changed or cleared the deadline of the review under way (PATCH .../minutes/review): the same terms as
 * review.requested, read the same way by the notification service (the reminder moves, or is dropped when `deadline` is
 * null; the same deadline again leaves it where it is)
 */
export const MinutesReviewDeadlineChanged = defineEvent({ subject: 'minutes.v1.review.deadline-changed', payload: zMinutesReviewRequestedPayload });
/** the minutes workflow of a meeting changed (live channels only: docs/minutes.md#live) */
export const MinutesChanged = defineEvent({ subject: 'minutes.v1.minutes.changed', payload: zMinutesChangedPayload });
