import { z } from 'zod';

/**
 * The presentation WebSocket protocol (docs/product/presentation.md). Every frame is one JSON object with a
 * `type`. Clients send ClientFrame; the server answers with ServerFrame. A frame that does not parse gets an
 * `error` frame back and changes nothing. Numbers are JSON numbers: nothing is coerced.
 */

/** The 16 colours a presenter draws with (the spec's palette). */
export const PRESENTER_PALETTE = [
  '#000000', '#ffffff', '#e53935', '#d81b60', '#8e24aa', '#5e35b1', '#3949ab', '#1e88e5',
  '#039be5', '#00acc1', '#00897b', '#43a047', '#7cb342', '#fdd835', '#fb8c00', '#6d4c41',
] as const;
export const zPaletteColour = z.enum(PRESENTER_PALETTE);
export type PaletteColour = z.output<typeof zPaletteColour>;

/** The spec's throttles: pointer moves and drawing updates (client and server). */
export const PRESENTATION_THROTTLE_MS = Object.freeze({ pointer: 200, operations: 1000 });

/** Limits that keep one frame and one room's history small. */
export const PRESENTATION_LIMITS = Object.freeze({
  /** largest frame accepted, in bytes */
  maxFrameBytes: 64 * 1024,
  maxSlide: 9999,
  maxPointsPerStroke: 2000,
  maxOpsPerFrame: 200,
});

const zInt = z.number().int();
const zUserId = zInt.positive().max(2_147_483_647);
const zDocumentId = zInt.positive().max(2_147_483_647);
const zSlide = zInt.min(0).max(PRESENTATION_LIMITS.maxSlide);
/** a position on the slide as a fraction of its width or height, so every screen size agrees */
const zUnit = z.number().min(0).max(1);

export const zDrawTool = z.enum(['pen', 'highlighter', 'eraser']);

/** One drawing operation on a slide: a stroke with a tool, or clearing the slide's drawing. */
export const zDrawOperation = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('stroke'),
    id: z.string().min(1).max(64),
    tool: zDrawTool,
    colour: zPaletteColour,
    width: z.number().min(0.5).max(64),
    points: z.array(z.tuple([zUnit, zUnit])).min(1).max(PRESENTATION_LIMITS.maxPointsPerStroke),
  }),
  z.strictObject({ kind: z.literal('clear') }),
]);
export type DrawOperation = z.output<typeof zDrawOperation>;

/** Actions the presenter forwards to everyone in the room. */
export const zPresenterAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('SCALE_CANVAS'), scale: z.number().positive().max(10) }),
  z.strictObject({ type: z.literal('SLIDE_CHANGE'), slide: zSlide }),
  z.strictObject({ type: z.literal('OPERATION'), slide: zSlide, operations: z.array(zDrawOperation).min(1).max(PRESENTATION_LIMITS.maxOpsPerFrame) }),
  z.strictObject({ type: z.literal('POINTER'), x: zUnit, y: zUnit, visible: z.boolean() }),
]);
export type PresenterAction = z.output<typeof zPresenterAction>;

/** Frames a client sends. */
export const zClientFrame = z.discriminatedUnion('type', [
  /** the presenter's action, broadcast to the room (ignored with an error frame from anyone else) */
  z.strictObject({ type: z.literal('forward'), action: zPresenterAction }),
  /** ask for the room's history (document, slide, presenter, drawing) */
  z.strictObject({ type: z.literal('history') }),
  /** the presenter clears the room's drawing history */
  z.strictObject({ type: z.literal('flush') }),
  /** hand the presentation to another presenter of the meeting */
  z.strictObject({ type: z.literal('change_presenter'), user_id: zUserId }),
  z.strictObject({ type: z.literal('current_presenter') }),
  /** the presenter moves everyone to another document of the meeting, at slide 0 */
  z.strictObject({ type: z.literal('change_document'), document: zDocumentId }),
  z.strictObject({ type: z.literal('current_document') }),
]);
export type ClientFrame = z.output<typeof zClientFrame>;

/** A presenter entry (the spec's Presenter: id, user_id, user{name,image}, user_email, color, docs). */
export const zPresenter = z.object({
  id: zInt,
  user_id: zUserId,
  user: z.object({ name: z.string(), image: z.string().nullable() }),
  user_email: z.string().nullable(),
  color: zPaletteColour,
  docs: z.array(zDocumentId),
});
export type Presenter = z.output<typeof zPresenter>;

export const zJoinedUser = z.object({ user_id: zUserId.nullable(), name: z.string(), guest: z.boolean() });

/** What the room remembers; a late joiner receives it as `history`. */
export const zRoomHistory = z.object({
  document: zDocumentId,
  slide: zSlide,
  scale: z.number().positive(),
  presenter: zPresenter.nullable(),
  operations: z.array(z.object({ slide: zSlide, operation: zDrawOperation })),
});
export type RoomHistory = z.output<typeof zRoomHistory>;

export const PRESENTATION_ERRORS = ['BAD_FRAME', 'FRAME_TOO_LARGE', 'NOT_PRESENTER', 'NOT_A_PRESENTER', 'UNKNOWN_DOCUMENT', 'THROTTLED'] as const;
export const zPresentationErrorCode = z.enum(PRESENTATION_ERRORS);

/** Frames the server sends. */
export const zServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('presenter_changed'), presenter: zPresenter.nullable() }),
  z.object({ type: z.literal('current_presenter'), presenter: zPresenter.nullable(), you_present: z.boolean() }),
  z.object({ type: z.literal('document_changed'), document: zDocumentId, slide: zSlide }),
  z.object({ type: z.literal('history'), history: zRoomHistory }),
  z.object({ type: z.literal('actions'), action: z.union([zPresenterAction, z.object({ type: z.literal('joinUser'), user: zJoinedUser })]) }),
  z.object({ type: z.literal('error'), code: zPresentationErrorCode, message: z.string() }),
]);
export type ServerFrame = z.output<typeof zServerFrame>;

/** Close codes the server uses (4000–4999 are the application's). */
export const PRESENTATION_CLOSE = Object.freeze({
  /** not signed in, wrong organization, or no access to the meeting */
  unauthorized: 4401,
  /** the meeting or document does not exist here */
  notFound: 4404,
  /** the presentation module is disabled for the organization */
  disabled: 4403,
  /** the client could not keep up; reconnect and ask for history */
  slowConsumer: 4008,
  /** too many frames: before the socket was authenticated, or per second (WebSocket's "policy violation") */
  tooManyFrames: 1008,
});

/**
 * Fan-out between presentation processes: every frame for a room is published once on core NATS (not
 * JetStream: a missed live frame is healed by `history`), and each process delivers it to its own clients.
 */
export const PresentationFanout = Object.freeze({
  subject: (orgId: string, meetingId: number, documentId: number) => `presentation.room.${orgId}.${meetingId}.${documentId}`,
  wildcard: 'presentation.room.>',
  payload: z.object({
    /** the connection that caused the frames; it does not get them back when `skipOrigin` */
    origin: z.string().max(64),
    skipOrigin: z.boolean(),
    /** deliver only to this user's sockets (who joined is told to the presenter, not to every viewer) */
    onlyUser: z.number().int().positive().nullable().default(null),
    frames: z.array(zServerFrame).min(1).max(64),
  }),
});
export type PresentationFanoutPayload = z.output<typeof PresentationFanout.payload>;
