import { Injectable } from '@nestjs/common';
import { AppPaths, type DirectoryUser, type MeetingItemRef, type EventDef, type Lang, type PayloadInputOf, type Recipient, instantToLocal } from '@app/contracts';
import { Outbox } from '@app/platform';
import type { MeetingDb, Scope, Tx } from '../db/db';
import type { OrgSettings } from './directory';
import { normalizeEmail, sameEmail } from '../rules/person';

/** directory users by id, looked up before a command's transaction takes its row locks */
export type People = ReadonlyMap<number, DirectoryUser>;
/**
 * someone an event may go to: a user by id, or a guest by e-mail; a guest's `guestLang` is the language stored on their
 * member row (the inviting request's, docs/meeting.md#guests-language), which wins over the request's
 */
export type Person = { userId: number | null; userEmail: string | null; name?: string | null; guestLang?: Lang | null };

/**
 * `to` with each guest's stored language from their member row in the meeting (matched by e-mail): the people of a
 * decision or an action are their own rows, without the language the guest was invited in
 */
export function withGuestLangs(to: Person[], members: ReadonlyArray<{ userId: number | null; userEmail: string | null; guestLang: Lang }>): Person[] {
  return to.map((p) => {
    if (p.userId || !p.userEmail || p.guestLang) return p;
    const row = members.find((m) => !m.userId && sameEmail(m.userEmail, p.userEmail));
    return row ? { ...p, guestLang: row.guestLang } : p;
  });
}

/** an event to write into the outbox of the current transaction (built when the change is known) */
export type PendingEvent = (tx: Tx) => Promise<unknown>;

/**
 * Domain events of the meeting service. They are collected while a transaction runs and written to the
 * platform's transactional outbox at its end, so an event commits with the change it announces (a failed
 * request publishes nothing; a crash after commit loses nothing: the relay publishes it). Each event
 * carries its recipients with name and language, the organization's slug, and app paths (AppPaths; the
 * notification service puts them on the organization's host), so the notification service never calls back.
 */
@Injectable()
export class MeetingPublisher {
  constructor(private readonly outbox: Outbox) {}

  // links in events are app paths; the notification service puts them on the organization's host. An item's link names
  // its kind (`#_decision-3`): talking points, decisions and actions number their ids apart
  meetingLink(_org: OrgSettings, meetingId: number, item?: MeetingItemRef): string {
    return AppPaths.meeting(meetingId, item);
  }
  guestLink(_org: OrgSettings, meetingId: number, token: string): string {
    return AppPaths.guestMeeting(meetingId, token);
  }
  decisionsLink(_org: OrgSettings): string {
    return AppPaths.decisions();
  }

  orgInfo(org: OrgSettings) {
    return { orgId: org.id, orgSlug: org.slug, orgName: org.name, timeZone: org.time_zone };
  }
  meetingInfo(org: OrgSettings, m: { id: number; title: string; startAt: Date; location: string | null; virtual: boolean; duration?: number | null }) {
    return {
      meetingId: m.id, title: m.title, startsAt: m.startAt.toISOString(), startLocal: instantToLocal(m.startAt, org.time_zone),
      location: m.location, virtual: m.virtual, duration: m.duration ?? null, link: this.meetingLink(org, m.id),
    };
  }

  /**
   * people -> recipients (users through `people`, the directory entries the use case looked up before its
   * transaction took row locks, with their language; guests by e-mail, in the language stored on their row, else
   * `guestLang`, the request's), without `exceptUserId`. No NATS here.
   */
  recipients(people: People, to: Person[], opts: { exceptUserId?: number | null; guestLang?: Lang } = {}): Recipient[] {
    const out = new Map<string, Recipient>();
    for (const p of to) {
      if (p.userId) {
        if (p.userId === opts.exceptUserId) continue;
        const u = people.get(p.userId);
        if (u && u.status !== 'Deleted' && u.status !== 'Inactive') out.set(normalizeEmail(u.email), { email: u.email, name: u.name, lang: u.lang });
      } else if (p.userEmail) {
        out.set(normalizeEmail(p.userEmail), { email: p.userEmail, name: p.name ?? null, lang: p.guestLang ?? opts.guestLang ?? 'en' });
      }
    }
    return [...out.values()];
  }

  /** an event whose payload is built at the end of the transaction, from what the use case holds (null: nothing to send) */
  later<D extends EventDef>(def: D, make: () => PayloadInputOf<D> | null): PendingEvent {
    return async (tx) => {
      const payload = make();
      if (payload) await this.outbox.add(tx, def, payload);
    };
  }

  /** several events written into the current transaction's outbox with one statement (a batch of votes) */
  addMany(tx: Tx, items: Array<{ def: EventDef; payload: unknown }>): Promise<string[]> {
    return this.outbox.addMany(tx, items);
  }

  /** a tenant transaction whose collected events are written to the outbox before it commits */
  async inTx<T>(db: MeetingDb, orgId: string, fn: (s: Scope, pending: PendingEvent[]) => Promise<T>): Promise<T> {
    return db.tenant(orgId, async (s) => {
      const pending: PendingEvent[] = [];
      const out = await fn(s, pending);
      for (const p of pending) await p(s.tx);
      return out;
    });
  }
}
