import { type ClientFrame, type DrawOperation, type Presenter, type ServerFrame } from '@app/contracts';


/**
 * The presentation room's rules as plain functions (docs/product/presentation.md). The gateway of sockets
 * loads the room, calls `handleFrame`, then stores and broadcasts what it returns; nothing here does I/O.
 */

export interface RoomState {
  document: number;
  slide: number;
  scale: number;
  /** the user who presents now; null until someone who may present joins */
  presenterUserId: number | null;
}

/** Who sent a frame. */
export interface Participant {
  userId: number | null;
  guest: boolean;
  name: string;
  /** the meeting's owner, an editor or an organization admin: may hand the presentation over */
  canManage: boolean;
}

export interface RoomContext {
  state: RoomState;
  presenters: readonly Presenter[];
  /** library ids attached to the meeting's agenda: the documents that can be presented */
  documents: ReadonlySet<number>;
  me: Participant;
}

export interface Outcome {
  /** the new state, when it changed */
  state?: RoomState;
  /** drawing operations to append to the room's history */
  append?: { slide: number; operation: DrawOperation }[];
  /** the room's drawing history is cleared */
  clearHistory?: boolean;
  /** frames for everyone in the room, the sender included */
  broadcast: ServerFrame[];
  /** frames for the presenter only (who joined: a room of 2,000 viewers must not tell each one about the others) */
  toPresenter?: ServerFrame[];
  /** frames for the sender only */
  reply: ServerFrame[];
  /** the sender asked for (or must get) the room's history */
  sendHistory?: boolean;
  /** the meeting's current document moved */
  currentDocument?: number;
}

const none = (): Outcome => ({ broadcast: [], reply: [] });
const refuse = (code: 'NOT_PRESENTER' | 'NOT_A_PRESENTER' | 'UNKNOWN_DOCUMENT', message: string): Outcome => ({
  broadcast: [],
  reply: [{ type: 'error', code, message }],
});

/**
 * Who presents when nobody has been chosen: the first presenter whose docs include the document; when none
 * has it, the joining user's own presenter entry; else nobody.
 */
export function defaultPresenter(presenters: readonly Presenter[], document: number, userId: number | null): number | null {
  const withDoc = presenters.find((p) => p.docs.includes(document));
  if (withDoc) return withDoc.user_id;
  const own = userId == null ? undefined : presenters.find((p) => p.user_id === userId);
  return own?.user_id ?? null;
}

export const presenterEntry = (presenters: readonly Presenter[], userId: number | null): Presenter | null =>
  userId == null ? null : (presenters.find((p) => p.user_id === userId) ?? null);

export const isPresenter = (state: RoomState, me: Participant): boolean => me.userId != null && state.presenterUserId === me.userId;

/** A new room: the document at slide 0, normal scale, nobody presenting yet. */
export const newRoom = (document: number): RoomState => ({ document, slide: 0, scale: 1, presenterUserId: null });

/**
 * Someone joins: the presenter hears `joinUser`; when nobody presents yet, the default presenter is chosen (and
 * announced); the newcomer gets the history and who presents.
 */
export function join(ctx: RoomContext): Outcome {
  const out: Outcome = {
    broadcast: [],
    toPresenter: [{ type: 'actions', action: { type: 'joinUser', user: { user_id: ctx.me.userId, name: ctx.me.name, guest: ctx.me.guest } } }],
    reply: [],
    sendHistory: true,
  };
  let state = ctx.state;
  if (state.presenterUserId == null) {
    const chosen = defaultPresenter(ctx.presenters, state.document, ctx.me.userId);
    if (chosen != null) {
      state = { ...state, presenterUserId: chosen };
      out.state = state;
      out.broadcast.push({ type: 'presenter_changed', presenter: presenterEntry(ctx.presenters, chosen) });
    }
  }
  out.reply.push({ type: 'current_presenter', presenter: presenterEntry(ctx.presenters, state.presenterUserId), you_present: isPresenter(state, ctx.me) });
  return out;
}

/** One client frame against the room. */
export function handleFrame(ctx: RoomContext, frame: ClientFrame): Outcome {
  const { state, me } = ctx;
  switch (frame.type) {
    case 'history':
      return { ...none(), sendHistory: true };
    case 'current_presenter':
      return { ...none(), reply: [{ type: 'current_presenter', presenter: presenterEntry(ctx.presenters, state.presenterUserId), you_present: isPresenter(state, me) }] };
    case 'current_document':
      return { ...none(), reply: [{ type: 'document_changed', document: state.document, slide: state.slide }] };
    case 'forward': {
      if (!isPresenter(state, me)) return refuse('NOT_PRESENTER', 'Only the presenter can do this');
      const action = frame.action;
      const broadcast: ServerFrame[] = [{ type: 'actions', action }];
      switch (action.type) {
        case 'SLIDE_CHANGE':
          return action.slide === state.slide ? none() : { state: { ...state, slide: action.slide }, broadcast, reply: [] };
        case 'SCALE_CANVAS':
          return { state: { ...state, scale: action.scale }, broadcast, reply: [] };
        case 'OPERATION':
          return { append: action.operations.map((operation) => ({ slide: action.slide, operation })), broadcast, reply: [] };
        case 'POINTER':
          return { broadcast, reply: [] };
      }
      return none();
    }
    case 'flush':
      if (!isPresenter(state, me)) return refuse('NOT_PRESENTER', 'Only the presenter can do this');
      return { clearHistory: true, broadcast: [{ type: 'history', history: { document: state.document, slide: state.slide, scale: state.scale, presenter: presenterEntry(ctx.presenters, state.presenterUserId), operations: [] } }], reply: [] };
    case 'change_presenter': {
      if (!isPresenter(state, me) && !me.canManage) return refuse('NOT_PRESENTER', 'Only the presenter or the meeting organizer can hand over');
      const next = presenterEntry(ctx.presenters, frame.user_id);
      if (!next) return refuse('NOT_A_PRESENTER', 'This person is not a presenter of the meeting');
      if (state.presenterUserId === frame.user_id) return none();
      return { state: { ...state, presenterUserId: frame.user_id }, broadcast: [{ type: 'presenter_changed', presenter: next }], reply: [] };
    }
    case 'change_document': {
      if (!isPresenter(state, me)) return refuse('NOT_PRESENTER', 'Only the presenter can do this');
      if (!ctx.documents.has(frame.document)) return refuse('UNKNOWN_DOCUMENT', 'This document is not part of the meeting');
      if (frame.document === state.document) return none();
      return { broadcast: [{ type: 'document_changed', document: frame.document, slide: 0 }], reply: [], currentDocument: frame.document };
    }
  }
}
