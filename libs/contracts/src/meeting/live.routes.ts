import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute } from '../core/route';
import { zVote } from './meeting.constants';
import { zLiveChangeKind, zResolutionChangeKind } from './meeting.events';

/**
 * What the live channel of a meeting sends (docs/meeting.md#live-updates), one server-sent event each, its
 * `data` this JSON and its `id` the JetStream sequence of the change:
 * - `ready`: subscribed (authorized for this meeting); `resync: true` when the page reconnected with a
 *   Last-Event-ID, so it refetches what it shows (changes made while it was away are not replayed);
 * - `change`: something on the meeting changed; the page refetches that part (a vote carries its tallies);
 * - `revoked`: the listener is no longer a participant of the meeting; the channel closes.
 */
export const zLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), meetingId: z.number().int(), resync: z.boolean() }),
  z.object({
    type: z.literal('change'),
    seq: z.number().int(),
    meetingId: z.number().int(),
    kind: zLiveChangeKind,
    decisionId: z.number().int().nullable(),
    tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).optional(),
    byUserId: z.number().int().nullable(),
  }),
  z.object({ type: z.literal('revoked'), meetingId: z.number().int() }),
]);
export type LiveMessage = z.output<typeof zLiveMessage>;

/**
 * What the live channel of the resolutions page sends: `ready` (with `resync` as above) and `change` of one
 * standalone resolution the user may see (a vote carries the new tallies). Who may see a resolution is decided
 * by the meeting service when it announces the change, so a user who left the committee hears nothing more.
 */
export const zResolutionLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), resync: z.boolean() }),
  z.object({
    type: z.literal('change'),
    seq: z.number().int(),
    decisionId: z.number().int(),
    committeeId: z.number().int(),
    kind: zResolutionChangeKind,
    tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).optional(),
    byUserId: z.number().int().nullable(),
  }),
]);
export type ResolutionLiveMessage = z.output<typeof zResolutionLiveMessage>;

const tags = ['live'];

/** The live channel (docs/meeting.md#live-updates): one server-sent event stream per open meeting page. */
export const LiveRoutes = {
  meetingLive: defineComposedRoute({
    method: 'GET', path: '/api/meetings/:id/live', access: 'guest', tags, params: z.object({ id: zId }), produces: 'file',
    summary: 'Server-sent events of a meeting (members, or its guests with ?token=): ready, change and revoked messages (zLiveMessage); Last-Event-ID asks for a resync',
    response: z.string(),
  }),
  /** not in the original product: the resolutions page's channel (standalone resolutions have no meeting) */
  resolutionsLive: defineComposedRoute({
    method: 'GET', path: '/api/singleDecisions/live', access: 'user', tags, produces: 'file',
    summary: 'Server-sent events of the standalone resolutions the user may see: ready and change messages (zResolutionLiveMessage); Last-Event-ID asks for a resync',
    response: z.string(),
  }),
};
