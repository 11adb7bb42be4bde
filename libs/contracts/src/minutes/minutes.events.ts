import { defineEvent } from '../core/define';
import { zMinutesPublishedPayload, zMinutesReviewRequestedPayload } from './workflow';

/**
 * Events of the minutes service (stream MINUTES, through the transactional outbox). MinutesPublished carries the
 * organization's slug, name and zone and every recipient with their language, so the notifier never calls back.
 */
export const MinutesPublished = defineEvent({ subject: 'minutes.v1.minutes.published', payload: zMinutesPublishedPayload });
/** an edition was sent for review, with or without a deadline (the notification service (re)schedules or drops the reminder) */
export const MinutesReviewRequested = defineEvent({ subject: 'minutes.v1.review.requested', payload: zMinutesReviewRequestedPayload });
