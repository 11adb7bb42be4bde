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
import { CONFIG, isDraining, NATS_CONNECTION, onDrain, registry } from '@app/platform';
import type { PresentationConfig } from '../config';
import { RoomStore, type RoomKey } from './room-store';
import { handleFrame, join, type Outcome, type Participant } from './room-rules';
import { SocketAuth, SocketRefused, type SocketIdentity } from './socket-auth';

const connections = new Gauge({ name: 'presentation_connections', help: 'open presentation sockets in this process', registers: [registry] });
const framesIn = new Counter({ name: 'presentation_frames_in_total', help: 'client frames by type and outcome', labelNames: ['type', 'outcome'], registers: [registry] });
const dropped = new Counter({ name: 'presentation_slow_consumers_total', help: 'sockets closed because they could not keep up', registers: [registry] });

type ForwardFrame = Extract<ClientFrame, { type: 'forward' }>;

interface Conn {
  id: string;
  ws: WebSocket;
  who: SocketIdentity;
  room: RoomKey;
  subject: string;
  me: Participant;
  alive: boolean;
  /** frames are handled one after another per connection, in the order they came */
  queue: Promise<void>;
  /** created on the first pointer move or drawing (only a presenter's socket ever needs them) */
  pointer?: Throttle<ForwardFrame>;
  operations?: Throttle<ForwardFrame>;
}

const encode = (frames: ServerFrame[]): string[] => frames.map((f) => JSON.stringify(f));

/**
 * The live presentation socket (docs/presentation.md): `/ws/presentation?ref_id=&document=&token=[&isGuest=1]`,
 * reached through the gateway's origin. One room per meeting and document; room state in Redis; every frame a
 * room must hear is published once on NATS and each process delivers it to its own sockets, so two processes
 * behave as one room.
 */
@WebSocketGateway({ path: '/ws/presentation', maxPayload: 1024 * 1024 })
export class PresentationSocket implements OnGatewayConnection, OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('PresentationSocket');
  /** NATS subject of a room -> this process's sockets in it */
  private readonly rooms = new Map<string, Set<Conn>>();
  private sub?: Subscription;
  private pinger?: NodeJS.Timeout;

  constructor(
    private readonly auth: SocketAuth,
    private readonly store: RoomStore,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(CONFIG) private readonly config: PresentationConfig,
  ) {}

  onModuleInit(): void {
    this.sub = this.nc.subscribe(PresentationFanout.wildcard);
    void (async () => {
      for await (const m of this.sub!) this.deliver(m.subject, m.data);
    })();
    this.pinger = setInterval(() => this.ping(), this.config.WS_PING_MS);
    this.pinger.unref();
    // graceful shutdown: every socket is told to reconnect (1012 "service restart"); the browser joins again
    // through another process, whose room state is the same (Redis)
    this.removeDrain = onDrain('sockets', () => this.closeAll());
  }

  private removeDrain?: () => void;

  private closeAll(): void {
    for (const set of this.rooms.values()) for (const c of set) c.ws.close(1012, 'server restarting');
  }

  async onModuleDestroy(): Promise<void> {
    this.removeDrain?.();
    if (this.pinger) clearInterval(this.pinger);
    this.sub?.unsubscribe();
    this.closeAll();
  }

  handleConnection(ws: WebSocket, req: IncomingMessage): void {
    if (isDraining()) return ws.close(1012, 'server restarting');
    // frames that arrive while the socket is being identified wait in order
    const early: Buffer[] = [];
    const onEarly = (data: Buffer) => early.push(data);
    ws.on('message', onEarly);
    void this.auth.identify(req).then(
      async (who) => {
        ws.off('message', onEarly);
        if (ws.readyState !== ws.OPEN) return;
        if (isDraining()) return ws.close(1012, 'server restarting');
        const conn = this.open(ws, who);
        await this.run(conn, () => this.joined(conn));
        for (const data of early) this.receive(conn, data);
        ws.on('message', (data: Buffer) => this.receive(conn, data));
      },
      (e: unknown) => {
        if (e instanceof SocketRefused) return ws.close(e.closeCode, e.message.slice(0, 120));
        this.log.error(`presentation socket refused: ${e instanceof Error ? e.message : String(e)}`);
        ws.close(1011, 'Something went wrong');
      },
    );
  }

  private open(ws: WebSocket, who: SocketIdentity): Conn {
    const room: RoomKey = { orgId: who.orgId, meetingId: who.meetingId, documentId: who.documentId };
    const subject = PresentationFanout.subject(room.orgId, room.meetingId, room.documentId);
    const conn: Conn = {
      id: randomUUID(),
      ws,
      who,
      room,
      subject,
      me: { userId: who.actor.userId, guest: who.actor.kind === 'guest', name: who.name, canManage: who.canManage },
      alive: true,
      queue: Promise.resolve(),
    };
    let set = this.rooms.get(subject);
    if (!set) this.rooms.set(subject, (set = new Set()));
    set.add(conn);
    connections.inc();
    ws.on('pong', () => (conn.alive = true));
    ws.on('close', () => {
      conn.operations?.flush();
      conn.pointer?.cancel();
      set.delete(conn);
      if (!set.size) this.rooms.delete(subject);
      connections.dec();
    });
    ws.on('error', (err) => this.log.warn(`presentation socket error: ${err.message}`));
    return conn;
  }

  /** one raw frame from a client: size, JSON and schema checks, then the throttles, then the room */
  private receive(conn: Conn, data: Buffer): void {
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

  private run(conn: Conn, work: () => Promise<void>): Promise<void> {
    conn.queue = conn.queue.then(work).catch((e: unknown) => {
      this.log.error(`presentation frame failed: ${e instanceof Error ? e.message : String(e)}`);
      this.sendTo(conn, encode([{ type: 'error', code: 'BAD_FRAME', message: 'Something went wrong' }]));
    });
    return conn.queue;
  }

  private async joined(conn: Conn): Promise<void> {
    const state = await this.store.state(conn.room);
    const { presenters, documents } = conn.who;
    await this.commit(conn, join({ state, presenters, documents, me: conn.me }), presenters);
  }

  private async apply(conn: Conn, frame: ClientFrame): Promise<void> {
    const state = await this.store.state(conn.room);
    const { presenters, documents } = conn.who;
    const outcome = handleFrame({ state, presenters, documents, me: conn.me }, frame);
    framesIn.inc({ type: frame.type === 'forward' ? frame.action.type : frame.type, outcome: outcome.reply.some((f) => f.type === 'error') ? 'refused' : 'ok' });
    await this.commit(conn, outcome, presenters);
  }

  /** store what changed, then tell the room (through NATS) and the sender */
  private async commit(conn: Conn, o: Outcome, presenters: readonly Presenter[]): Promise<void> {
    if (o.state) await this.store.save(conn.room, o.state);
    if (o.clearHistory) await this.store.clear(conn.room);
    if (o.append) await this.store.append(conn.room, o.append);
    if (o.currentDocument !== undefined) {
      const next: RoomKey = { ...conn.room, documentId: o.currentDocument };
      const current = await this.store.state(conn.room);
      await this.store.save(next, { document: o.currentDocument, slide: 0, scale: current.scale, presenterUserId: current.presenterUserId });
      await this.store.setCurrentDocument(conn.room.orgId, conn.room.meetingId, o.currentDocument);
    }
    if (o.broadcast.length) this.publish(conn, o.broadcast);
    if (o.toPresenter?.length) {
      const presenter = (o.state ?? (await this.store.state(conn.room))).presenterUserId;
      if (presenter != null && presenter !== conn.me.userId) this.publish(conn, o.toPresenter, presenter);
    }
    const reply = [...o.reply];
    if (o.sendHistory) reply.push({ type: 'history', history: await this.store.history(conn.room, o.state ?? (await this.store.state(conn.room)), presenters) });
    if (reply.length) this.sendTo(conn, encode(reply));
  }

  private publish(conn: Conn, frames: ServerFrame[], onlyUser: number | null = null): void {
    const payload = PresentationFanout.payload.parse({ origin: conn.id, skipOrigin: false, onlyUser, frames });
    this.nc.publish(conn.subject, JSON.stringify(payload));
  }

  /** a fan-out message from NATS: every local socket of that room gets the frames, encoded once */
  private deliver(subject: string, data: Uint8Array): void {
    const set = this.rooms.get(subject);
    if (!set?.size) return;
    let payload;
    try {
      payload = PresentationFanout.payload.parse(JSON.parse(Buffer.from(data).toString('utf8')));
    } catch (e) {
      this.log.warn(`presentation fan-out message dropped: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const encoded = encode(payload.frames);
    for (const conn of set) {
      if (payload.skipOrigin && conn.id === payload.origin) continue;
      if (payload.onlyUser != null && conn.me.userId !== payload.onlyUser) continue;
      this.sendTo(conn, encoded);
    }
  }

  /** send, unless the socket is behind: then drop it (4008); the client reconnects and asks for history */
  private sendTo(conn: Conn, frames: string[]): void {
    const ws = conn.ws;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.config.WS_MAX_BUFFERED_BYTES) {
      dropped.inc();
      ws.close(PRESENTATION_CLOSE.slowConsumer, 'Too slow: reconnect and ask for history');
      setTimeout(() => ws.terminate(), 2000).unref();
      return;
    }
    for (const f of frames) ws.send(f);
  }

  private ping(): void {
    for (const set of this.rooms.values()) {
      for (const conn of set) {
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

/** drawing sent within one throttle window goes out as one frame, in order (same slide; a slide change flushes first) */
function mergeOperations(pending: ForwardFrame, next: ForwardFrame): ForwardFrame {
  const a = pending.action as Extract<PresenterAction, { type: 'OPERATION' }>;
  const b = next.action as Extract<PresenterAction, { type: 'OPERATION' }>;
  return { type: 'forward', action: { type: 'OPERATION', slide: b.slide, operations: [...a.operations, ...b.operations] } };
}
