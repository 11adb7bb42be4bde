import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { AppError, GetActor, PRESENTATION_CLOSE, ResolveOrganization, type Actor, type Presenter, type RoomAccess } from '@app/contracts';
import { Bus, SessionStore } from '@app/platform';
import { MeetingAccess } from '../common/meetings';
import { Interner } from './intern';
import type { Participant } from './room-rules';
import type { RoomKey } from './room-store';

/** The header the gateway sets on a proxied upgrade: the organization label of the browser's host. */
export const ORG_HEADER = 'x-boardroom-org';

/**
 * What a socket keeps about its person in its meeting (a room may hold thousands of sockets): who they are in the
 * room, and the meeting's presenters and documents when they joined. Read-only, and one copy for every socket
 * with the same content (`Interner`): the sockets of one person share a seat, the people of one meeting share
 * the presenter list and the document set. The actor, the token and the upgrade request are not kept.
 */
export interface Seat {
  readonly me: Participant;
  readonly presenters: readonly Presenter[];
  readonly documents: ReadonlySet<number>;
}

export interface SocketIdentity {
  /** the room the socket joins (the gateway keeps one copy per room) */
  room: RoomKey;
  seat: Seat;
  /** the sign-in session's id (SessionStore.idOf, not the token): the socket closes when it ends; null for a guest */
  session: string | null;
}

export class SocketRefused extends Error {
  constructor(
    readonly closeCode: number,
    message: string,
  ) {
    super(message);
  }
}

const positiveInt = (v: string | null): number | null => (v && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);

/**
 * Who opens a presentation socket, with the spec's parameters: `ref_id` (the meeting), `document` (the file),
 * `token` (a sign-in token, or the guest token with `isGuest=1`). The organization comes from the gateway's
 * header; the session (or the guest token) must belong to it. The meeting service decides access.
 */
@Injectable()
export class SocketAuth {
  constructor(
    private readonly bus: Bus,
    private readonly sessions: SessionStore,
    private readonly meetings: MeetingAccess,
  ) {}

  /** sockets of one person in one meeting share their actor, presenters and documents (read-only) */
  private readonly shared = new Interner();

  async identify(req: IncomingMessage): Promise<SocketIdentity> {
    const url = new URL(req.url ?? '/', 'http://local');
    const q = url.searchParams;
    const meetingId = positiveInt(q.get('ref_id') ?? q.get('meeting'));
    const documentId = positiveInt(q.get('document'));
    const token = q.get('token') ?? '';
    const guest = q.get('isGuest') === '1' || q.get('isGuest') === 'true';
    const slug = String(req.headers[ORG_HEADER] ?? '').toLowerCase();
    if (!meetingId || !documentId) throw new SocketRefused(PRESENTATION_CLOSE.notFound, 'ref_id and document are required');
    if (!token || token.length > 200) throw new SocketRefused(PRESENTATION_CLOSE.unauthorized, 'Unauthenticated');
    if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(slug)) throw new SocketRefused(PRESENTATION_CLOSE.notFound, 'Invalid Organization URL');

    const { organization: org } = await this.bus.request(ResolveOrganization, { slug });
    if (!org || org.status !== 'active') throw new SocketRefused(PRESENTATION_CLOSE.notFound, 'Invalid Organization URL');
    if (org.modules.na.includes('presentation')) throw new SocketRefused(PRESENTATION_CLOSE.disabled, 'The presentation module is disabled');

    let actor: Actor;
    let session: string | null = null;
    if (guest) {
      actor = { kind: 'guest', userId: null, email: null, name: null, roleId: null, isAdmin: false, permissions: [], guestToken: token };
    } else {
      const signedIn = await this.sessions.touch(token);
      if (!signedIn || signedIn.orgId !== org.id) throw new SocketRefused(PRESENTATION_CLOSE.unauthorized, 'Unauthenticated');
      session = this.sessions.idOf(token);
      const found = (await this.bus.request(GetActor, { orgId: org.id, userId: signedIn.userId })).actor;
      if (!found) throw new SocketRefused(PRESENTATION_CLOSE.unauthorized, 'Unauthenticated');
      actor = found;
    }

    let access: RoomAccess;
    try {
      access = await this.meetings.room(org.id, actor, meetingId);
    } catch (e) {
      if (AppError.is(e)) {
        const code = e.code === 'NOT_FOUND' ? PRESENTATION_CLOSE.notFound : PRESENTATION_CLOSE.unauthorized;
        throw new SocketRefused(code, e.message);
      }
      throw e;
    }
    const documents = this.shared.numbers('documents', new Set(access.documents));
    if (!documents.has(documentId)) throw new SocketRefused(PRESENTATION_CLOSE.notFound, 'This document is not part of the meeting');
    const presenters = this.shared.json('presenters', access.presenters);
    const me: Participant = { userId: actor.userId, guest: actor.kind === 'guest', name: actor.name ?? access.guest_name ?? actor.email ?? 'Guest', canManage: access.can_manage };
    const seatKey = `${org.id}\u0000${meetingId}\u0000${JSON.stringify(me)}\u0000${JSON.stringify(presenters)}\u0000${[...documents].sort((x, y) => x - y).join(',')}`;
    const seat = this.shared.intern<Seat>('seat', seatKey, { me, presenters, documents });
    return { room: { orgId: org.id, meetingId, documentId }, seat, session };
  }
}
