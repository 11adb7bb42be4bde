import { defineEvent } from '../core/define';
import { zMinutesPublishedPayload } from './workflow';

/**
 * Events of the minutes service (stream MINUTES, through the transactional outbox). MinutesPublished carries the
 * organization's slug, name and zone and every recipient with their language, so the notifier never calls back.
 */
export const MinutesPublished = defineEvent({ subject: 'minutes.v1.minutes.published', payload: zMinutesPublishedPayload });
