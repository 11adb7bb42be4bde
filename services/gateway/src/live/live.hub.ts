import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { AnnotationChanged, AppError, ListMembers, MeetingChanged, MinutesChanged, ResolutionChanged, type FileLiveMessage, type LiveMessage, type MemberCall, type PayloadOf, type ResolutionLiveMessage } from '@app/contracts';
import { Bus, Events, logger, onDrain, registry } from '@app/platform';

const openChannels = new Gauge({ name: 'live_channels_open', help: 'live channels (server-sent event streams) open on this gateway', registers: [registry] });

/** One open page listening to one meeting: who it is (their call, re-checked when members change) and where to write. */
export interface LiveListener {
  call: MemberCall;
  meetingId: number;
  send(message: LiveMessage, seq?: number): void;
  close(): void;
}

/** One open resolutions page: the signed-in user's call and where to write. */
export interface ResolutionListener {
  call: MemberCall;
  send(message: ResolutionLiveMessage, seq?: number): void;
  close(): void;
}

/** One open file viewer (docs/annotations.md#live): the user's call (access checked when the channel opened) and where to write. */
export interface FileListener {
  call: MemberCall;
  itemId: number;
  send(message: FileLiveMessage, seq?: number): void;
  close(): void;
}

/** whether a file viewer hears of an annotation change: 'all' (shared with the committee), or its user is named in the audience */
export function mayHearAnnotation(actor: MemberCall['actor'], audience: 'all' | readonly number[]): boolean {
  if (actor.kind !== 'user' || actor.userId === null) return false;
  return audience === 'all' || audience.includes(actor.userId);
}

/** whether a resolutions page hears of a change: its user is among the resolution's viewers, or an organization administrator */
export function mayHearResolution(actor: MemberCall['actor'], viewerIds: readonly number[]): boolean {
  if (actor.kind !== 'user' || actor.userId === null) return false;
  return actor.isAdmin || viewerIds.includes(actor.userId);
}

/** `true` when the caller may listen to the meeting: the meeting service's own access check (ListMembers). */
export async function mayListen(bus: Bus, call: MemberCall, meetingId: number): Promise<boolean> {
  try {
    await bus.request(ListMembers, { ...call, meetingId });
    return true;
  } catch (e) {
    if (e instanceof AppError && e.code !== 'RPC_TIMEOUT' && e.code !== 'INTERNAL') return false;
    throw e;
  }
}

/**
 * The gateway's side of the live channel (docs/meeting.md#live-updates). Each gateway process watches the
 * meeting service's MeetingChanged events with its own ordered JetStream consumer, so every process sees every
 * change (fan-out over NATS: a page on gateway B hears a vote cast through gateway A), and writes each change to
 * the pages open on that meeting in this process. A change of members makes it re-ask, for each of those pages,
 * whether its listener may still see the meeting; one that may not gets `revoked` and its channel closes. The minutes
 * service's MinutesChanged reaches the same pages as a `minutes` change (their minutes and approvals cards ask again).
 */
@Injectable()
export class LiveHub implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly byMeeting = new Map<string, Set<LiveListener>>();
  /** resolutions pages by organization */
  private readonly byOrg = new Map<string, Set<ResolutionListener>>();
  /** file viewers by organization and file */
  private readonly byFile = new Map<string, Set<FileListener>>();

  constructor(private readonly events: Events, private readonly bus: Bus) {}

  private removeDrain?: () => void;

  async onApplicationBootstrap(): Promise<void> {
    // graceful shutdown: the pages' streams end before the HTTP server waits for its requests; each page reconnects
    // (EventSource) through another gateway process
    this.removeDrain = onDrain('sockets', () => this.onApplicationShutdown());
    await this.events.watch(MeetingChanged, (p, meta) => this.deliver(p, meta.seq));
    // the minutes' review and approval (docs/minutes.md#live): a `minutes` change on the meeting's channel
    await this.events.watch(MinutesChanged, (p, meta) => this.deliver({ orgId: p.orgId, meetingId: p.meetingId, kind: 'minutes', decisionId: null, byUserId: p.byUserId }, meta.seq));
    await this.events.watch(ResolutionChanged, (p, meta) => this.deliverResolution(p, meta.seq));
    await this.events.watch(AnnotationChanged, (p, meta) => this.deliverAnnotation(p, meta.seq));
  }

  onApplicationShutdown(): void {
    this.removeDrain?.();
    for (const set of this.byMeeting.values()) for (const l of set) l.close();
    for (const set of this.byOrg.values()) for (const l of set) l.close();
    for (const set of this.byFile.values()) for (const l of set) l.close();
    this.byMeeting.clear();
    this.byOrg.clear();
    this.byFile.clear();
  }

  private key(orgId: string, meetingId: number): string {
    return `${orgId}:${meetingId}`;
  }

  add(l: LiveListener): void {
    const k = this.key(l.call.orgId, l.meetingId);
    let set = this.byMeeting.get(k);
    if (!set) this.byMeeting.set(k, (set = new Set()));
    set.add(l);
    openChannels.inc();
  }

  remove(l: LiveListener): void {
    const k = this.key(l.call.orgId, l.meetingId);
    const set = this.byMeeting.get(k);
    if (!set?.delete(l)) return;
    openChannels.dec();
    if (!set.size) this.byMeeting.delete(k);
  }

  addResolutions(l: ResolutionListener): void {
    let set = this.byOrg.get(l.call.orgId);
    if (!set) this.byOrg.set(l.call.orgId, (set = new Set()));
    set.add(l);
    openChannels.inc();
  }

  removeResolutions(l: ResolutionListener): void {
    const set = this.byOrg.get(l.call.orgId);
    if (!set?.delete(l)) return;
    openChannels.dec();
    if (!set.size) this.byOrg.delete(l.call.orgId);
  }

  addFile(l: FileListener): void {
    const k = this.key(l.call.orgId, l.itemId);
    let set = this.byFile.get(k);
    if (!set) this.byFile.set(k, (set = new Set()));
    set.add(l);
    openChannels.inc();
  }

  removeFile(l: FileListener): void {
    const k = this.key(l.call.orgId, l.itemId);
    const set = this.byFile.get(k);
    if (!set?.delete(l)) return;
    openChannels.dec();
    if (!set.size) this.byFile.delete(k);
  }

  /** a shared annotation changed: to the file's viewers in this process who may see it (the page refetches the list) */
  private deliverAnnotation(p: PayloadOf<typeof AnnotationChanged>, seq: number): void {
    const set = this.byFile.get(this.key(p.orgId, p.itemId));
    if (!set) return;
    const message: FileLiveMessage = { type: 'annotation', seq, itemId: p.itemId, annotationId: p.annotationId, change: p.change, byUserId: p.byUserId };
    for (const l of [...set]) if (mayHearAnnotation(l.call.actor, p.audience)) l.send(message, seq);
  }

  /** a change of a standalone resolution: to the resolutions pages of the organization whose user may see it */
  private deliverResolution(p: PayloadOf<typeof ResolutionChanged>, seq: number): void {
    const set = this.byOrg.get(p.orgId);
    if (!set) return;
    const message: ResolutionLiveMessage = {
      type: 'change', seq, decisionId: p.decisionId, committeeId: p.committeeId, kind: p.kind, byUserId: p.byUserId, ...(p.tallies ? { tallies: p.tallies } : {}),
    };
    for (const l of [...set]) if (mayHearResolution(l.call.actor, p.viewerIds)) l.send(message, seq);
  }

  /** listeners open on a meeting in this process (tests, metrics) */
  count(orgId: string, meetingId: number): number {
    return this.byMeeting.get(this.key(orgId, meetingId))?.size ?? 0;
  }

  private deliver(p: PayloadOf<typeof MeetingChanged>, seq: number): void {
    const set = this.byMeeting.get(this.key(p.orgId, p.meetingId));
    if (!set) return;
    const message: LiveMessage = {
      type: 'change', seq, meetingId: p.meetingId, kind: p.kind, decisionId: p.decisionId, byUserId: p.byUserId, ...(p.tallies ? { tallies: p.tallies } : {}),
    };
    for (const l of [...set]) {
      if (p.kind === 'members') void this.recheck(l, message, seq);
      else l.send(message, seq);
    }
  }

  /** after a change of members: the listener hears of it only if it may still see the meeting */
  private async recheck(l: LiveListener, message: LiveMessage, seq: number): Promise<void> {
    try {
      if (await mayListen(this.bus, l.call, l.meetingId)) {
        l.send(message, seq);
        return;
      }
    } catch (e) {
      // the meeting service did not answer: keep the channel, its next change re-checks again
      logger().warn({ err: e, meetingId: l.meetingId }, 'live channel access re-check failed');
      l.send(message, seq);
      return;
    }
    l.send({ type: 'revoked', meetingId: l.meetingId });
    l.close();
  }
}
