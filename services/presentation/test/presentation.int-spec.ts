/**
 * Presentation rooms across two presentation processes, over real Redis and NATS, with the real organization
 * and meeting services beside them (their own processes): the presenter on one process, viewers on the other
 * follow slide, drawing and document; a viewer cannot drive; malformed frames get an error frame; killing a
 * process, its clients reconnect to the other and resume from the history; notes per slide over NATS.
 */
import Redis from 'ioredis';
import WebSocket from 'ws';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  AddMembers,
  AddPresentationNote,
  CreateMeeting,
  CreateTalkingPoint,
  DeletePresentationNote,
  ListPresentationNotes,
  PRESENTATION_CLOSE,
  type Actor,
  type ClientFrame,
  type ServerFrame,
} from '@app/contracts';
import { Bus, SessionStore } from '@app/platform';
import { Client as PgClient } from 'pg';
import { createTestCommittee, createTestOrg, createTestUser, startServiceProcess, testEnv, type ServiceProcess } from '@app/testing';

jest.setTimeout(180_000);
const env = testEnv();

const pad = (n: number) => String(n).padStart(2, '0');
const local = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00:00`;
};

/** a socket that keeps every frame it got and waits for the next one matching a test */
class Client {
  readonly frames: ServerFrame[] = [];
  private waiters: Array<{ test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as ServerFrame;
      this.frames.push(f);
      this.waiters = this.waiters.filter((w) => (w.test(f) ? (w.resolve(f), false) : true));
    });
    ws.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
  }
  static open(port: number, slug: string, q: Record<string, string | number>): Promise<Client> {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/presentation?${qs}`, { headers: { 'x-boardroom-org': slug } });
    const c = new Client(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }
  /** resolves with the close code the server chose */
  static refused(port: number, slug: string, q: Record<string, string | number>): Promise<number> {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/presentation?${qs}`, { headers: { 'x-boardroom-org': slug } });
    return new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }
  send(frame: ClientFrame | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  next(test: (f: ServerFrame) => boolean, ms = 5000): Promise<ServerFrame> {
    const seen = this.frames.find(test);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.slice(-5))}`)), ms);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }
  /** nothing matching arrives within ms */
  async none(test: (f: ServerFrame) => boolean, ms = 700): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    expect(this.frames.filter(test)).toEqual([]);
  }
  close(): void {
    this.ws.close();
  }
}

const isAction = (type: string) => (f: ServerFrame) => f.type === 'actions' && f.action.type === type;

describe('presentation rooms (two processes, real Redis and NATS)', () => {
  let organization: ServiceProcess;
  let meeting: ServiceProcess;
  let p1: ServiceProcess;
  let p2: ServiceProcess;
  let nc: NatsConnection;
  let bus: Bus;
  let redis: Redis;
  let sessions: SessionStore;
  let org: Awaited<ReturnType<typeof createTestOrg>>;
  let other: Awaited<ReturnType<typeof createTestOrg>>;
  let meetingId: number;
  let chair: { userId: number; email: string; token: string; actor: Actor };
  let member: { userId: number; email: string; token: string; actor: Actor };
  let outsider: { token: string };
  const clients: Client[] = [];
  const track = (c: Client) => (clients.push(c), c);

  const actorOf = (userId: number, email: string): Actor => ({ kind: 'user', userId, email, name: email, roleId: null, isAdmin: false, permissions: [], guestToken: null });

  beforeAll(async () => {
    const base = { ...process.env, ...env, LOG_LEVEL: 'warn' } as Record<string, string | undefined>;
    organization = await startServiceProcess('organization', { ...base, ARGON2_MEMORY_KIB: '4096' });
    meeting = await startServiceProcess('meeting', base);
    [p1, p2] = await Promise.all([startServiceProcess('presentation', base), startServiceProcess('presentation', base)]);
    nc = await connect({ servers: env.NATS_URL.replace(/^nats:\/\//, ''), name: 'presentation-int' });
    bus = new Bus(nc, { service: 'test', defaultTimeoutMs: 20_000 });
    redis = new Redis(env.REDIS_URL);
    sessions = new SessionStore(redis);

    org = await createTestOrg(bus);
    other = await createTestOrg(bus);
    const c = await createTestUser(bus, org.orgId, { name: 'Chair' });
    const m = await createTestUser(bus, org.orgId, { name: 'Member' });
    const committeeId = await createTestCommittee(bus, org.orgId, { admins: [c.email], members: [m.email] });
    chair = { ...c, token: await sessions.create(org.orgId, c.userId), actor: actorOf(c.userId, c.email) };
    member = { ...m, token: await sessions.create(org.orgId, m.userId), actor: actorOf(m.userId, m.email) };
    outsider = { token: await sessions.create(other.orgId, other.admin.userId) };

    const created = await bus.request(CreateMeeting, { orgId: org.orgId, actor: chair.actor, body: { title: 'Board', committee_id: committeeId, start_date: local(3), location: 'HQ' } });
    meetingId = created.id;
    await bus.request(AddMembers, { orgId: org.orgId, actor: chair.actor, meetingId, body: { user_id: [member.userId], type: 'Viewer' } });
    const tp = await bus.request(CreateTalkingPoint, {
      orgId: org.orgId, actor: chair.actor, meetingId,
      body: { title: 'Budget', viewers: [{ user_id: member.userId, user_email: null }], presenters: [{ user_id: chair.userId, user_email: null }], attachments: [], attachment_ids: [], subpoints: [] },
    });
    // documents 101 and 102 on the agenda: the rows as the meeting service keeps them (the library, which checks
    // files when they are attached through the API, is not part of this test)
    const admin = new PgClient({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query('INSERT INTO meeting.attachments (org_id, talking_point_id, library_id) VALUES ($1, $2, 101), ($1, $2, 102)', [org.orgId, tp.id]);
    } finally {
      await admin.end();
    }
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await redis?.quit();
    await nc?.drain().catch(() => undefined);
    await Promise.all([p1?.stop(), p2?.stop()]);
    await meeting?.stop();
    await organization?.stop();
  });

  const q = (who: { token: string }, document = 101) => ({ ref_id: meetingId, document, token: who.token });

  it('the presenter on one process drives viewers on the other: slide, drawing, pointer and document', async () => {
    const presenter = track(await Client.open(p1.port, org.slug, q(chair)));
    expect(await presenter.next((f) => f.type === 'current_presenter')).toMatchObject({ presenter: { user_id: chair.userId }, you_present: true });
    await presenter.next((f) => f.type === 'history');

    const viewer = track(await Client.open(p2.port, org.slug, q(member)));
    expect(await viewer.next((f) => f.type === 'current_presenter')).toMatchObject({ presenter: { user_id: chair.userId }, you_present: false });
    await viewer.next((f) => f.type === 'history');
    expect(await presenter.next((f) => f.type === 'actions' && f.action.type === 'joinUser' && f.action.user.user_id === member.userId)).toMatchObject({ action: { user: { name: expect.any(String), guest: false } } });

    presenter.send({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 2 } });
    expect(await viewer.next(isAction('SLIDE_CHANGE'))).toEqual({ type: 'actions', action: { type: 'SLIDE_CHANGE', slide: 2 } });

    const stroke = { kind: 'stroke' as const, id: 's1', tool: 'pen' as const, colour: '#e53935' as const, width: 3, points: [[0.1, 0.1], [0.2, 0.3]] as [number, number][] };
    presenter.send({ type: 'forward', action: { type: 'OPERATION', slide: 2, operations: [stroke] } });
    expect(await viewer.next(isAction('OPERATION'))).toMatchObject({ action: { slide: 2, operations: [stroke] } });

    presenter.send({ type: 'forward', action: { type: 'POINTER', x: 0.5, y: 0.25, visible: true } });
    expect(await viewer.next(isAction('POINTER'))).toMatchObject({ action: { x: 0.5, y: 0.25 } });

    // a late joiner gets the slide and the drawing as history
    const late = track(await Client.open(p2.port, org.slug, q(member)));
    const h = await late.next((f) => f.type === 'history');
    expect(h).toMatchObject({ history: { document: 101, slide: 2, presenter: { user_id: chair.userId }, operations: [{ slide: 2, operation: stroke }] } });
    late.close();

    presenter.send({ type: 'change_document', document: 102 });
    expect(await viewer.next((f) => f.type === 'document_changed')).toEqual({ type: 'document_changed', document: 102, slide: 0 });
    // the new document's room starts at slide 0 with the same presenter
    const moved = track(await Client.open(p1.port, org.slug, q(member, 102)));
    expect(await moved.next((f) => f.type === 'history')).toMatchObject({ history: { document: 102, slide: 0, presenter: { user_id: chair.userId }, operations: [] } });
    moved.close();
    presenter.close();
    viewer.close();
  });

  it("a viewer's SLIDE_CHANGE is refused to the viewer and nobody else hears it", async () => {
    const presenter = track(await Client.open(p1.port, org.slug, q(chair)));
    const viewer = track(await Client.open(p2.port, org.slug, q(member)));
    await viewer.next((f) => f.type === 'history');
    viewer.send({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 7 } });
    expect(await viewer.next((f) => f.type === 'error')).toMatchObject({ code: 'NOT_PRESENTER' });
    await presenter.none(isAction('SLIDE_CHANGE'));
    viewer.send({ type: 'history' });
    expect(await viewer.next((f) => f.type === 'history')).toMatchObject({ history: { slide: 2 } });
    presenter.close();
    viewer.close();
  });

  it('malformed frames get an error frame and the socket stays open', async () => {
    const c = track(await Client.open(p1.port, org.slug, q(chair)));
    await c.next((f) => f.type === 'history');
    const bad: string[] = [
      'not json',
      '[]',
      JSON.stringify({ type: 'nope' }),
      JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: '3' } }),
      JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: true } }),
      JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: -1 } }),
      JSON.stringify({ type: 'forward', action: { type: 'POINTER', x: 2, y: 0, visible: true } }),
      JSON.stringify({ type: 'change_presenter', user_id: [1] }),
      JSON.stringify({ type: 'forward', action: { type: 'OPERATION', slide: 0, operations: [{ kind: 'stroke', id: 'x', tool: 'pen', colour: '#123456', width: 1, points: [[0, 0]] }] } }),
      JSON.stringify({ type: 'history', extra: 1 }),
    ];
    for (const b of bad) {
      c.send(b);
      expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_FRAME' });
    }
    c.send('x'.repeat(70 * 1024));
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'FRAME_TOO_LARGE' });
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
    c.send({ type: 'current_document' });
    expect(await c.next((f) => f.type === 'document_changed')).toMatchObject({ document: 101 });
    c.close();
  });

  it('who may not join is refused with a close code', async () => {
    expect(await Client.refused(p1.port, org.slug, { ...q(chair), token: 'nope' })).toBe(PRESENTATION_CLOSE.unauthorized);
    // a session of another organization
    expect(await Client.refused(p1.port, org.slug, q(outsider))).toBe(PRESENTATION_CLOSE.unauthorized);
    expect(await Client.refused(p1.port, other.slug, q(chair))).toBe(PRESENTATION_CLOSE.unauthorized);
    // a document that is not on the meeting's agenda
    expect(await Client.refused(p1.port, org.slug, q(chair, 999))).toBe(PRESENTATION_CLOSE.notFound);
    expect(await Client.refused(p1.port, org.slug, { ref_id: 'abc', document: 101, token: chair.token })).toBe(PRESENTATION_CLOSE.notFound);
    expect(await Client.refused(p1.port, 'no-such-org-here', q(chair))).toBe(PRESENTATION_CLOSE.notFound);
  });

  it('the presentation module switched off closes the socket with 4403', async () => {
    const off = await createTestOrg(bus, { modules: { na: ['presentation'] } });
    const token = await sessions.create(off.orgId, off.admin.userId);
    expect(await Client.refused(p1.port, off.slug, { ref_id: 1, document: 1, token })).toBe(PRESENTATION_CLOSE.disabled);
  });

  it('killing one process: its clients reconnect to the other and resume from the history', async () => {
    const presenter = track(await Client.open(p2.port, org.slug, q(chair)));
    await presenter.next((f) => f.type === 'history');
    presenter.send({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 5 } });
    const viewer = track(await Client.open(p1.port, org.slug, q(member)));
    await viewer.next((f) => f.type === 'history');
    await p1.stop();
    await new Promise<void>((r) => (viewer.closed ? r() : viewer.ws.once('close', () => r())));
    const again = track(await Client.open(p2.port, org.slug, q(member)));
    expect(await again.next((f) => f.type === 'history')).toMatchObject({ history: { slide: 5, presenter: { user_id: chair.userId } } });
    presenter.send({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 6 } });
    expect(await again.next(isAction('SLIDE_CHANGE'))).toMatchObject({ action: { slide: 6 } });
    presenter.close();
    again.close();
  });

  it('notes per slide: mine and public ones listed, private ones hidden from others, only the author deletes', async () => {
    const add = (who: typeof chair, annotation: string, is_private: 0 | 1, slide_id = 1) =>
      bus.request(AddPresentationNote, { orgId: org.orgId, actor: who.actor, body: { id: 101, meeting_id: meetingId, annotation, is_private, type: 'note', slide_id } });
    const list = (who: typeof chair) => bus.request(ListPresentationNotes, { orgId: org.orgId, actor: who.actor, meetingId, documentId: 101 });
    const secret = await add(chair, 'Only mine', 1);
    const shared = await add(chair, 'For everyone', 0, 2);
    await add(member, 'Member private', 1);
    expect((await list(chair)).items.map((n) => n.annotation)).toEqual(['Only mine', 'For everyone']);
    expect((await list(member)).items.map((n) => [n.annotation, n.mine])).toEqual([['Member private', true], ['For everyone', false]]);
    await expect(bus.request(DeletePresentationNote, { orgId: org.orgId, actor: member.actor, noteId: shared.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(bus.request(DeletePresentationNote, { orgId: org.orgId, actor: member.actor, noteId: secret.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await bus.request(DeletePresentationNote, { orgId: org.orgId, actor: chair.actor, noteId: secret.id });
    expect((await list(chair)).items.map((n) => n.annotation)).toEqual(['For everyone']);
    // a blank note, a document of no meeting, and another organization's view
    await expect(add(chair, '   ', 0)).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(bus.request(AddPresentationNote, { orgId: org.orgId, actor: chair.actor, body: { id: 999, meeting_id: meetingId, annotation: 'x', is_private: 0, type: 'note', slide_id: 0 } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(bus.request(ListPresentationNotes, { orgId: other.orgId, actor: actorOf(other.admin.userId, other.admin.email), meetingId, documentId: 101 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('socket limits (a third process with small limits)', () => {
    let p3: ServiceProcess;
    beforeAll(async () => {
      const base = { ...process.env, ...env, LOG_LEVEL: 'warn' } as Record<string, string | undefined>;
      p3 = await startServiceProcess('presentation', { ...base, WS_EARLY_MAX_FRAMES: '8', WS_EARLY_MAX_BYTES: '65536', WS_MAX_FRAMES_PER_SECOND: '20', WS_SESSION_CHECK_MS: '300' });
    });
    afterAll(async () => {
      await p3?.stop();
    });

    /** open a socket and send `frames` in the same tick as its opening (before the server has authenticated it) */
    const floodOnOpen = (who: { token: string }, frames: string[]): Promise<{ code: number; reason: string }> => {
      const qs = new URLSearchParams(Object.entries(q(who)).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const ws = new WebSocket(`ws://127.0.0.1:${p3.port}/ws/presentation?${qs}`, { headers: { 'x-boardroom-org': org.slug } });
      ws.once('open', () => {
        for (const f of frames) ws.send(f);
      });
      return new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    };

    it('frames before authentication are bounded in count: past it the socket is closed (1008)', async () => {
      const closed = await floodOnOpen(chair, Array.from({ length: 50 }, () => JSON.stringify({ type: 'history' })));
      expect(closed).toEqual({ code: PRESENTATION_CLOSE.tooManyFrames, reason: 'Too many frames before the socket was authenticated' });
    });

    it('frames before authentication are bounded in bytes: past it the socket is closed (1008)', async () => {
      const closed = await floodOnOpen(chair, [JSON.stringify({ type: 'history', pad: 'x'.repeat(40 * 1024) }), JSON.stringify({ type: 'history', pad: 'x'.repeat(40 * 1024) })]);
      expect(closed.code).toBe(PRESENTATION_CLOSE.tooManyFrames);
    });

    it('a few frames before authentication are kept and answered once the socket is known', async () => {
      const c = track(await Client.open(p3.port, org.slug, q(chair)));
      c.send({ type: 'current_document' });
      expect(await c.next((f) => f.type === 'document_changed')).toMatchObject({ document: 101 });
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      c.close();
    });

    it('more frames per second than allowed close the socket (1008); a socket under the rate stays', async () => {
      const calm = track(await Client.open(p3.port, org.slug, q(member)));
      await calm.next((f) => f.type === 'history');
      const c = track(await Client.open(p3.port, org.slug, q(chair)));
      await c.next((f) => f.type === 'history');
      // 60 at once: even split over two one-second windows, more than 2 x 20
      for (let i = 0; i < 60; i++) c.send({ type: 'current_document' });
      await new Promise<void>((r) => (c.closed ? r() : c.ws.once('close', () => r())));
      expect(c.closed).toEqual({ code: PRESENTATION_CLOSE.tooManyFrames, reason: 'Too many frames' });
      // at most the allowed number were answered
      expect(c.frames.filter((f) => f.type === 'document_changed').length).toBeLessThanOrEqual(40);
      for (let i = 0; i < 5; i++) {
        calm.send({ type: 'current_document' });
        await calm.next((f) => f.type === 'document_changed');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(calm.ws.readyState).toBe(WebSocket.OPEN);
      calm.close();
    });

    it('a socket does not outlive its session: signed out, it is closed (4401); expired, too', async () => {
      const signedOut = await sessions.create(org.orgId, member.userId);
      const expiring = await sessions.create(org.orgId, member.userId);
      const staying = await sessions.create(org.orgId, member.userId);
      const a = track(await Client.open(p3.port, org.slug, q({ token: signedOut })));
      const b = track(await Client.open(p3.port, org.slug, q({ token: expiring })));
      const c = track(await Client.open(p3.port, org.slug, q({ token: staying })));
      await Promise.all([a, b, c].map((x) => x.next((f) => f.type === 'history')));
      await sessions.destroy(signedOut);
      await sessions.expireIn(expiring, 1);
      const closedOf = (x: Client) => new Promise<{ code: number; reason: string }>((r) => (x.closed ? r(x.closed) : x.ws.once('close', () => r(x.closed!))));
      expect(await closedOf(a)).toEqual({ code: PRESENTATION_CLOSE.unauthorized, reason: 'Session ended' });
      expect(await closedOf(b)).toEqual({ code: PRESENTATION_CLOSE.unauthorized, reason: 'Session ended' });
      // the session that still exists keeps its socket
      c.send({ type: 'current_document' });
      expect(await c.next((f) => f.type === 'document_changed')).toMatchObject({ document: 101 });
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      c.close();
    });
  });
});
