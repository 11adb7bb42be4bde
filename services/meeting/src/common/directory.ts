import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  AppError, GetCommittee, GetOrganization, OrganizationUpdated, GetUsers, FindUsersByEmail, ListUserCommittees,
  type DirectoryCommittee, type DirectoryUser, type ResponseOf, type Variant, safeZone,
} from '@app/contracts';
import { Bus, CONFIG, Events, TtlCache } from '@app/platform';
import type { MeetingConfig } from '../config';
import { normalizeEmail } from '../rules/person';

export type OrgSettings = NonNullable<ResponseOf<typeof GetOrganization>['organization']>;

/** entries per cache (libs/platform TtlCache): the directory changes rarely and a meeting page asks for it many times */
const CACHE_MAX = 20_000;

/**
 * The organization service's directory, as the meeting service sees it (users, committees, the
 * organization's time zone, variant and modules). Only through its RPCs; never its schema.
 */
@Injectable()
export class Directory {
  private readonly users: TtlCache<DirectoryUser | null>;
  private readonly committees: TtlCache<DirectoryCommittee | null>;
  private readonly orgs: TtlCache<OrgSettings | null>;

  constructor(private readonly bus: Bus, @Inject(CONFIG) config: MeetingConfig) {
    const ms = config.DIRECTORY_CACHE_SECONDS * 1000;
    this.users = new TtlCache({ ttlMs: ms, max: CACHE_MAX });
    this.committees = new TtlCache({ ttlMs: ms, max: CACHE_MAX });
    this.orgs = new TtlCache({ ttlMs: ms * 6, max: CACHE_MAX });
  }

  /** one request per key at a time: concurrent callers share the answer (no thundering herd on a cold cache) */
  private readonly inflight = new Map<string, Promise<unknown>>();
  private shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.inflight.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  async organization(orgId: string): Promise<OrgSettings> {
    let o = this.orgs.get(orgId);
    if (o === undefined) {
      o = await this.shared(`org:${orgId}`, async () => {
        const r = (await this.bus.request(GetOrganization, { orgId })).organization;
        this.orgs.set(orgId, r);
        return r;
      });
    }
    if (!o) throw AppError.notFound('organization');
    return { ...o, time_zone: safeZone(o.time_zone) };
  }

  /**
   * Forget an organization's settings (OrganizationUpdated, watched by every replica): a module turned on, the NDA
   * above all, applies to the next request, not after the cache's lifetime.
   */
  forgetOrganization(orgId: string): void {
    this.orgs.delete(orgId);
  }

  /** the host's variant wins over the organization's stored one (the gateway passes it) */
  async variant(orgId: string, requested?: Variant): Promise<Variant> {
    return requested ?? (await this.organization(orgId)).variant;
  }

  async committee(orgId: string, committeeId: number): Promise<DirectoryCommittee | null> {
    const k = `${orgId}:${committeeId}`;
    const c = this.committees.get(k);
    if (c !== undefined) return c;
    return this.shared(`committee:${k}`, async () => {
      const r = (await this.bus.request(GetCommittee, { orgId, committeeId })).committee;
      this.committees.set(k, r);
      return r;
    });
  }

  /** users by id (missing ids are simply absent from the map) */
  async usersById(orgId: string, ids: Iterable<number | null | undefined>): Promise<Map<number, DirectoryUser>> {
    const out = new Map<number, DirectoryUser>();
    const missing: number[] = [];
    const waiting: Array<Promise<void>> = [];
    for (const id of new Set([...ids].filter((x): x is number => typeof x === 'number'))) {
      const k = `${orgId}:${id}`;
      const u = this.users.get(k);
      if (u !== undefined) {
        if (u) out.set(id, u);
        continue;
      }
      const pending = this.inflight.get(`user:${k}`) as Promise<DirectoryUser | null> | undefined;
      if (pending) waiting.push(pending.then((x) => void (x && out.set(id, x))));
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += 1000) {
      const chunk = missing.slice(i, i + 1000);
      const batch = this.bus.request(GetUsers, { orgId, ids: chunk }).then(({ users }) => {
        const found = new Map(users.map((u) => [u.id, u]));
        for (const id of chunk) this.users.set(`${orgId}:${id}`, found.get(id) ?? null);
        return found;
      });
      for (const id of chunk) {
        const k = `user:${orgId}:${id}`;
        const one = batch.then((f) => f.get(id) ?? null).finally(() => this.inflight.delete(k));
        this.inflight.set(k, one);
        waiting.push(one.then((x) => void (x && out.set(id, x))));
      }
    }
    await Promise.all(waiting);
    return out;
  }

  /** one user as the organization service has them now (no cache: a decision that ends access, such as a feed) */
  async userNow(orgId: string, id: number): Promise<DirectoryUser | null> {
    const { users } = await this.bus.request(GetUsers, { orgId, ids: [id] });
    const u = users.find((x) => x.id === id) ?? null;
    this.users.set(`${orgId}:${id}`, u);
    return u;
  }

  async usersByEmail(orgId: string, emails: string[]): Promise<Map<string, DirectoryUser>> {
    if (!emails.length) return new Map();
    const { users } = await this.bus.request(FindUsersByEmail, { orgId, emails: [...new Set(emails.map(normalizeEmail))] });
    return new Map(users.map((u) => [normalizeEmail(u.email), u]));
  }

  async userCommittees(orgId: string, userId: number): Promise<{ admin: DirectoryCommittee[]; member: DirectoryCommittee[] }> {
    return this.bus.request(ListUserCommittees, { orgId, userId });
  }
}

/** Every replica watches OrganizationUpdated (fan-out, not a shared consumer) and drops its copy of that organization. */
@Injectable()
export class OrganizationWatch implements OnApplicationBootstrap {
  constructor(private readonly events: Events, private readonly directory: Directory) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.watch(OrganizationUpdated, (p) => this.directory.forgetOrganization(p.orgId));
  }
}
