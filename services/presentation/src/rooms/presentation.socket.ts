import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { OnGatewayConnection, WebSocketGateway } from '@nestjs/websockets';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { Counter, Gauge } from 'prom-client';
import {
  PRESENTATION_CLOSE,
  PRESENTATION_LIMITS,
  PresentationFanout,
  Throttle,
  zClientFrame,
  type ClientFrame,
  type Presenter,
  type PresenterAction,
  type ServerFrame,
} from '@app/contracts';
import { CONFIG, isDraining, NATS_CONNECTION, onDrain, registry, SessionStore } from '@app/platform';
import type { PresentationConfig } from '../config';
import { RoomStore, type RoomKey } from './room-store';
import { handleFrame, join, type Outcome } from './room-rules';
import { SocketAuth, SocketRefused, type Seat, type SocketIdentity } from './socket-auth';
import { wireFrames, writeFrames, type WireFrame } from './wire';

const connections = new Gauge({ name: 'presentation_connections', help: 'open presentation sockets in this process', registers: [registry] });
const framesIn = new Counter({ name: 'presentation_frames_in_total', help: 'client frames by type and outcome', labelNames: ['type', 'outcome'], registers: [registry] });
const dropped = new Counter({ name: 'presentation_slow_consumers_total', help: 'sockets closed because they could not keep up', registers: [registry] });
const refusedSockets = new Counter({ name: 'presentation_sockets_closed_total', help: 'sockets the server closed for a limit or an ended session', labelNames: ['reason'], registers: [registry] });

type ForwardFrame = Extract<ClientFrame, { type: 'forward' }>;

/** this process's sockets of one room, and what they share (one object per room, not per socket) */
interface Room {
  readonly key: RoomKey;
  /** NATS subject of the room */
  readonly subject: string;
  readonly conns: Set<Conn>;
}

/**
 * What one socket keeps (docs/presentation.md, "Memory per viewer"): a handful of fields; the room, the person and
 * the meeting's presenters and documents are shared objects, the socket's listeners are functions shared by all
 * sockets, and the ping is one timer for the process.
 */
interface Conn {
  /** unique in this process; on NATS the origin is `<process id>:<n>` */
  readonly n: number;
  readonly ws: WebSocket;
  readonly room: Room;
  readonly seat: Seat;
  alive: boolean;
  /** the sign-in session (SessionStore.idOf) the socket lives by; null for a guest */
  readonly session: string | null;
  /** frames received in the current one-second window, and when it began */
  frames: number;
  windowStart: number;
  /** frames are handled one after another per connection, in the order they came (null when idle) */
  queue: Promise<void> | null;
  /** created on the first pointer move or drawing (only a presenter's socket ever needs them) */
  pointer: Throttle<ForwardFrame> | null;
  operations: Throttle<ForwardFrame> | null;
}

/** the Conn of a socket, on the socket itself (the shared listeners get the socket as `this`) */
const CONN = Symbol('presentation.conn');
type ConnSocket = WebSocket & { [CONN]?: Conn };

/** frames are serialized and framed once (wire.ts); the same bytes go to every socket */
const encode = (frames: ServerFrame[]): WireFrame[] => wireFrames(frames.map((f) => JSON.stringify(f)));

/**
 * The live presentation socket (docs/presentation.md): `/ws/presentation?ref_id=&document=&token=[&isGuest=1]`,
 * reached through the gateway's origin. One room per meeting and document; room state in Redis; every frame a
 * room must hear is published once on NATS and each process delivers it to its own sockets, so two processes
 * behave as one room. Served with `LeanWsAdapter` (main.ts): frames are read by one listener shared by every
 * socket, not by Nest's per-socket message streams.
 */
// no compression (a deflate context per socket costs tens of KB), no ws client set (the rooms below are the only list of sockets);
// UTF-8 stays checked (only the presenter sends much, and a broken frame still closes with 1007 as before)
@WebSocketGateway({ path: '/ws/presentation', maxPayload: 1024 * 1024, perMessageDeflate: false, clientTracking: false })
export class PresentationSocket implements OnGatewayConnection, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PresentationSocket');
  /** NATS subject of a room -> this process's sockets in it */
  private readonly rooms = new Map<string, Room>();
  /** names this process in fan-out origins */
  private readonly instance = randomUUID();
  private nextConn = 0;
  private sub?: Subscription;
  private pinger?: NodeJS.Timeout;
  private sessionChecker?: NodeJS.Timeout;
  private checking = false;
  /** the listeners every socket shares (`this` is the socket) */
  private readonly onMessage: (this: ConnSocket, data: Buffer) => void;
  private readonly onClose: (this: ConnSocket) => void;

  constructor(
    private readonly auth: SocketAuth,
    private readonly sessions: SessionStore,
    private readonly store: RoomStore,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: PresentationConfig,
  ) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the listeners' own `this` is the socket
    const gateway = this;
    this.onMessage = function (this: ConnSocket, data: Buffer) {
      const conn = this[CONN];
      if (conn) gateway.receive(conn, data);
    };
    this.onClose = function (this: ConnSocket) {
      const conn = this[CONN];
      if (conn) gateway.closed(conn);
    };
  }

  onModuleInit(): void {
    this.sub = this.nc.subscribe(PresentationFanout.wildcard);
    void (async () => {
      for await (const m of this.sub!) this.deliver(m.subject, m.data);
    })();
    this.pinger = setInterval(() => this.ping(), this.config.WS_PING_MS);
    this.pinger.unref();
    this.sessionChecker = setInterval(() => void this.checkSessions(), this.config.WS_SESSION_CHECK_MS);
    this.sessionChecker.unref();
    // graceful shutdown: every socket is told to reconnect (1012 "service restart"); the browser joins again
    // through another process, whose room state is the same (Redis)
    this.removeDrain = onDrain('sockets', () => this.closeAll());
  }

  private removeDrain?: () => void;

  private closeAll(): void {
    for (const room of this.rooms.values()) for (const c of room.conns) c.ws.close(1012, 'server restarting');
  }

  async onModuleDestroy(): Promise<void> {
    this.removeDrain?.();
    if (this.pinger) clearInterval(this.pinger);
    if (this.sessionChecker) clearInterval(this.sessionChecker);
    this.sub?.unsubscribe();
    this.closeAll();
  }

  handleConnection(ws: WebSocket, req: IncomingMessage): void {
    if (isDraining()) return ws.close(1012, 'server restarting');
    // frames that arrive while the socket is being identified wait in order, a bounded few: a client that sends more
    // (count or bytes) before it is known is closed, and nothing it sent is kept
    const early: Buffer[] = [];
    let earlyBytes = 0;
    const onEarly = (data: Buffer) => {
      earlyBytes += data.length;
      if (early.length >= this.config.WS_EARLY_MAX_FRAMES || earlyBytes > this.config.WS_EARLY_MAX_BYTES) {
        ws.off('message', onEarly);
        early.length = 0;
        refusedSockets.inc({ reason: 'early_frames' });
        ws.close(PRESENTATION_CLOSE.tooManyFrames, 'Too many frames before the socket was authenticated');
        setTimeout(() => ws.terminate(), 2000).unref();
        return;
      }
      early.push(data);
    };
    ws.on('message', onEarly);
    // the upgrade request is read here and not kept: nothing below holds `req`
    void this.auth.identify(req).then(
      async (who) => {
        ws.off('message', onEarly);
        if (ws.readyState !== ws.OPEN) return;
        if (isDraining()) return ws.close(1012, 'server restarting');
        const conn = this.open(ws, who);
        await this.run(conn, () => this.joined(conn));
        for (const data of early) this.receive(conn, data);
        ws.on('message', this.onMessage);
      },
      (e: unknown) => {
        ws.off('message', onEarly);
        if (e instanceof SocketRefused) return ws.close(e.closeCode, e.message.slice(0, 120));
        this.log.error(`presentation socket refused: ${e instanceof Error ? e.message : String(e)}`);
        ws.close(1011, 'Something went wrong');
      },
    );
  }

  private open(ws: ConnSocket, who: SocketIdentity): Conn {
    const subject = PresentationFanout.subject(who.room.orgId, who.room.meetingId, who.room.documentId);
    let room = this.rooms.get(subject);
    if (!room) this.rooms.set(subject, (room = { key: who.room, subject, conns: new Set() }));
    const conn: Conn = { n: ++this.nextConn, ws, room, seat: who.seat, session: who.session, frames: 0, windowStart: Date.now(), alive: true, queue: null, pointer: null, operations: null };
    ws[CONN] = conn;
    room.conns.add(conn);
    connections.inc();
    ws.on('pong', onPong);
    ws.on('close', this.onClose);
    return conn;
  }

  private closed(conn: Conn): void {
    conn.operations?.flush();
    conn.pointer?.cancel();
    const { room } = conn;
    room.conns.delete(conn);
    if (!room.conns.size && this.rooms.get(room.subject) === room) this.rooms.delete(room.subject);
    connections.dec();
  }

  /** one raw frame from a client: the frame rate, size, JSON and schema checks, then the throttles, then the room */
  private receive(conn: Conn, data: Buffer): void {
    if (!this.withinRate(conn)) return;
    if (data.length > PRESENTATION_LIMITS.maxFrameBytes) {
      framesIn.inc({ type: 'unknown', outcome: 'too_large' });
      return this.sendTo(conn, encode([{ type: 'error', code: 'FRAME_TOO_LARGE', message: `A frame may hold at most ${PRESENTATION_LIMITS.maxFrameBytes} bytes` }]));
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      framesIn.inc({ type: 'unknown', outcome: 'bad' });
      return this.sendTo(conn, encode([{ type: 'error', code: 'BAD_FRAME', message: 'A frame must be one JSON object' }]));
    }
    const parsed = zClientFrame.safeParse(json);
    if (!parsed.success) {
      framesIn.inc({ type: 'unknown', outcome: 'bad' });
      const where = parsed.error.issues[0]?.path.join('.') || 'frame';
      return this.sendTo(conn, encode([{ type: 'error', code: 'BAD_FRAME', message: `Invalid ${where}: ${parsed.error.issues[0]?.message ?? 'bad frame'}` }]));
    }
    const frame = parsed.data;
    if (frame.type === 'forward' && frame.action.type === 'POINTER') {
      conn.pointer ??= new Throttle<ForwardFrame>(this.config.POINTER_THROTTLE_MS, (_old, next) => next, (f) => this.enqueue(conn, f));
      conn.pointer.offer(frame);
    } else if (frame.type === 'forward' && frame.action.type === 'OPERATION') {
      conn.operations ??= new Throttle<ForwardFrame>(this.config.OPERATION_THROTTLE_MS, mergeOperations, (f) => this.enqueue(conn, f));
      const waiting = conn.operations.peek()?.action as Extract<PresenterAction, { type: 'OPERATION' }> | undefined;
      // one merged frame holds one slide and at most maxOpsPerFrame operations: otherwise send what waits first
      if (waiting && (waiting.slide !== frame.action.slide || waiting.operations.length + frame.action.operations.length > PRESENTATION_LIMITS.maxOpsPerFrame)) {
        conn.operations.flush();
      }
      conn.operations.offer(frame);
    } else {
      if (frame.type === 'forward' || frame.type === 'flush' || frame.type === 'change_document') conn.operations?.flush(); // drawing sent before a slide change lands first
      this.enqueue(conn, frame);
    }
  }

  private enqueue(conn: Conn, frame: ClientFrame): void {
    void this.run(conn, () => this.apply(conn, frame));
  }

  /** `work` after the connection's earlier work; the queue is dropped again once it is empty */
  private run(conn: Conn, work: () => Promise<void>): Promise<void> {
    const next: Promise<void> = (conn.queue ?? Promise.resolve())
      .then(work)
      .catch((e: unknown) => {
        this.log.error(`presentation frame failed: ${e instanceof Error ? e.message : String(e)}`);
        this.sendTo(conn, encode([{ type: 'error', code: 'BAD_FRAME', message: 'Something went wrong' }]));
      })
      .then(() => {
        if (conn.queue === next) conn.queue = null;
      });
    conn.queue = next;
    return next;
  }

  private async joined(conn: Conn): Promise<void> {
    const { key } = conn.room;
    const state = await this.store.state(key);
    const { presenters, documents, me } = conn.seat;
    await this.commit(conn, join({ state, presenters, documents, me }), presenters);
  }

  private async apply(conn: Conn, frame: ClientFrame): Promise<void> {
    const state = await this.store.state(conn.room.key);
    const { presenters, documents, me } = conn.seat;
    const outcome = handleFrame({ state, presenters, documents, me }, frame);
    framesIn.inc({ type: frame.type === 'forward' ? frame.action.type : frame.type, outcome: outcome.reply.some((f) => f.type === 'error') ? 'refused' : 'ok' });
    await this.commit(conn, outcome, presenters);
  }

  /** store what changed, then tell the room (through NATS) and the sender */
  private async commit(conn: Conn, o: Outcome, presenters: readonly Presenter[]): Promise<void> {
    const key = conn.room.key;
    if (o.state) await this.store.save(key, o.state);
    if (o.clearHistory) await this.store.clear(key);
    if (o.append) await this.store.append(key, o.append);
    if (o.currentDocument !== undefined) {
      const next: RoomKey = { ...key, documentId: o.currentDocument };
      const current = await this.store.state(key);
      await this.store.save(next, { document: o.currentDocument, slide: 0, scale: current.scale, presenterUserId: current.presenterUserId });
      await this.store.setCurrentDocument(key.orgId, key.meetingId, o.currentDocument);
    }
    if (o.broadcast.length) this.publish(conn, o.broadcast);
    if (o.toPresenter?.length) {
      const presenter = (o.state ?? (await this.store.state(key))).presenterUserId;
      if (presenter != null && presenter !== conn.seat.me.userId) this.publish(conn, o.toPresenter, presenter);
    }
    const reply = [...o.reply];
    if (o.sendHistory) reply.push({ type: 'history', history: await this.store.history(key, o.state ?? (await this.store.state(key)), presenters) });
    if (reply.length) this.sendTo(conn, encode(reply));
  }

  private publish(conn: Conn, frames: ServerFrame[], onlyUser: number | null = null): void {
    const payload = PresentationFanout.payload.parse({ origin: `${this.instance}:${conn.n}`, skipOrigin: false, onlyUser, frames });
    this.nc.publish(conn.room.subject, JSON.stringify(payload));
  }

  /** a fan-out message from NATS: every local socket of that room gets the frames, serialized once */
  private deliver(subject: string, data: Uint8Array): void {
    const room = this.rooms.get(subject);
    if (!room?.conns.size) return;
    let payload;
    try {
      payload = PresentationFanout.payload.parse(JSON.parse(Buffer.from(data).toString('utf8')));
    } catch (e) {
      this.log.warn(`presentation fan-out message dropped: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const encoded = encode(payload.frames);
    const skip = payload.skipOrigin && payload.origin.startsWith(`${this.instance}:`) ? Number(payload.origin.slice(this.instance.length + 1)) : 0;
    const onlyUser = payload.onlyUser;
    for (const conn of room.conns) {
      if (conn.n === skip) continue;
      if (onlyUser != null && conn.seat.me.userId !== onlyUser) continue;
      this.sendTo(conn, encoded);
    }
  }

  /** send, unless the socket is behind: then drop it (4008); the client reconnects and asks for history */
  private sendTo(conn: Conn, frames: WireFrame[]): void {
    const ws = conn.ws;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.config.WS_MAX_BUFFERED_BYTES) {
      dropped.inc();
      ws.close(PRESENTATION_CLOSE.slowConsumer, 'Too slow: reconnect and ask for history');
      setTimeout(() => ws.terminate(), 2000).unref();
      return;
    }
    writeFrames(ws, frames);
  }

  /** count a frame in the socket's one-second window; past WS_MAX_FRAMES_PER_SECOND the socket is closed (1008) */
  private withinRate(conn: Conn): boolean {
    const now = Date.now();
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.frames = 0;
    }
    if (++conn.frames <= this.config.WS_MAX_FRAMES_PER_SECOND) return true;
    if (conn.frames === this.config.WS_MAX_FRAMES_PER_SECOND + 1) {
      refusedSockets.inc({ reason: 'frame_rate' });
      conn.ws.close(PRESENTATION_CLOSE.tooManyFrames, 'Too many frames');
      setTimeout(() => conn.ws.terminate(), 2000).unref();
    }
    return false;
  }

  /**
   * One timer for every socket of the process: the sign-in sessions of the open sockets are looked up (each once,
   * without sliding them) and the sockets of a session that ended (signed out, expired, ended by a password change)
   * are closed with 4401, as a socket opened without a session would be.
   */
  private async checkSessions(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const bySession = new Map<string, Conn[]>();
      for (const room of this.rooms.values()) {
        for (const conn of room.conns) {
          if (!conn.session) continue;
          const list = bySession.get(conn.session);
          if (list) list.push(conn);
          else bySession.set(conn.session, [conn]);
        }
      }
      const ids = [...bySession.keys()];
      for (let i = 0; i < ids.length; i += 1000) {
        const batch = ids.slice(i, i + 1000);
        const alive = await this.sessions.alive(batch);
        batch.forEach((id, j) => {
          if (alive[j]) return;
          for (const conn of bySession.get(id) ?? []) {
            refusedSockets.inc({ reason: 'session_ended' });
            conn.ws.close(PRESENTATION_CLOSE.unauthorized, 'Session ended');
            setTimeout(() => conn.ws.terminate(), 2000).unref();
          }
        });
      }
    } catch (e) {
      // Redis did not answer: the sockets stay, the next check asks again
      this.log.warn(`presentation session check failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.checking = false;
    }
  }

  /** one timer for every socket of the process: a socket that did not answer the last ping is closed */
  private ping(): void {
    for (const room of this.rooms.values()) {
      for (const conn of room.conns) {
        if (!conn.alive) {
          conn.ws.terminate();
          continue;
        }
        conn.alive = false;
        conn.ws.ping();
      }
    }
  }
}

/** shared by every socket (`this` is the socket) */
function onPong(this: ConnSocket): void {
  const conn = this[CONN];
  if (conn) conn.alive = true;
}

/** drawing sent within one throttle window goes out as one frame, in order (same slide; a slide change flushes first) */
function mergeOperations(pending: ForwardFrame, next: ForwardFrame): ForwardFrame {
  const a = pending.action as Extract<PresenterAction, { type: 'OPERATION' }>;
  const b = next.action as Extract<PresenterAction, { type: 'OPERATION' }>;
  return { type: 'forward', action: { type: 'OPERATION', slide: b.slide, operations: [...a.operations, ...b.operations] } };
}
