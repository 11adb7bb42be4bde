import { randomUUID } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, GET_ACTORS_MAX, GetActors, OrganizationUpdated, ResolveOrganization, type Actor, type OrgPublic } from '@app/contracts';
import { Bus, CONFIG, Events, HealthController, SessionStore, TtlCache, currentContext, runDetached } from '@app/platform';
import type { GatewayConfig } from '../config';
import { ACCESS, type Access } from './decorators';
import type { ApiRequest } from './request';

/** time-boxed caches (libs/platform TtlCache) so the hot path does not ask the organization service on every request */
const ORG_TTL_MS = 15_000;
const ACTOR_TTL_MS = 5_000;
const CACHE_MAX = 5000;

/**
 * One guard for every route: resolves the host's organization (404 'Invalid Organization URL'),
 * authenticates the `token` header or `Authorization: Bearer` against the session store (sliding 60
 * minute idle expiry, never past SESSION_LIFETIME_MINUTES from the sign-in) and loads the actor. Rate limits run next, around the handler (the route's rateLimit,
 * sign-in-limits.ts), where the outcome of an attempt is known.
 */
@Injectable()
export class AuthGuard implements CanActivate, OnApplicationBootstrap {
  private readonly orgs = new TtlCache<OrgPublic | null>({ ttlMs: ORG_TTL_MS, max: CACHE_MAX });
  private readonly actors = new TtlCache<Actor | null>({ ttlMs: ACTOR_TTL_MS, max: CACHE_MAX });

  constructor(
    private readonly reflector: Reflector,
    private readonly bus: Bus,
    private readonly sessions: SessionStore,
    @Inject(CONFIG) private readonly config: GatewayConfig,
    private readonly events: Events,
  ) {}

  /** every replica forgets an organization whose settings changed (its modules, status or name), not only the one that served the change */
  async onApplicationBootstrap(): Promise<void> {
    await this.events.watch(OrganizationUpdated, (p) => this.orgs.delete(p.slug));
  }

  /** Forget cached organizations and actors (after an administrative change). */
  invalidate(): void {
    this.orgs.clear();
    this.actors.clear();
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http' || ctx.getClass() === HealthController) return true;
    const req = ctx.switchToHttp().getRequest<ApiRequest>();
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS, [ctx.getHandler(), ctx.getClass()]) ?? 'user';

    if (access !== 'no-org') {
      req.org = (await this.resolveOrg(req)) ?? undefined;
      if (!req.org) throw new AppError('INVALID_ORGANIZATION');
      const c = currentContext();
      if (c) c.orgId = req.org.id;
    }

    const token = this.tokenOf(req);
    if (token && req.org) {
      const session = await this.sessions.touch(token, this.config.IDLE_TIMEOUT_MINUTES * 60, this.config.SESSION_LIFETIME_MINUTES * 60);
      if (session && session.orgId === req.org.id) {
        const actor = await this.actorOf(session.orgId, session.userId);
        if (actor) {
          req.actor = actor;
          req.sessionToken = token;
        }
      }
    }
    if (access === 'user' && !req.actor) throw new AppError('UNAUTHENTICATED');
    if (access === 'guest' && !req.actor) {
      const guestToken = typeof req.query.token === 'string' ? req.query.token : (req.params?.token as string | undefined);
      if (!guestToken) throw new AppError('UNAUTHENTICATED');
      req.actor = { kind: 'guest', userId: null, email: null, name: null, roleId: null, isAdmin: false, permissions: [], guestToken };
    }
    return true;
  }

  private tokenOf(req: ApiRequest): string | undefined {
    const header = req.header('token');
    if (header && header !== 'null' && header !== 'undefined') return header;
    const auth = req.header('authorization');
    if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
    return undefined;
  }

  private async resolveOrg(req: ApiRequest): Promise<OrgPublic | null> {
    if (!req.orgSlug) return null;
    let org = this.orgs.get(req.orgSlug);
    if (org === undefined) {
      org = (await this.bus.request(ResolveOrganization, { slug: req.orgSlug })).organization;
      this.orgs.set(req.orgSlug, org);
    }
    if (!org || org.status !== 'active') return null;
    return req.hostVariant ? { ...org, variant: req.hostVariant } : org;
  }

  /**
   * The actor of a session, cached for ACTOR_TTL_MS. The look-ups that miss the cache in one turn of the event loop go
   * to the organization service together, one GetActors request per organization (a vote burst's first requests were
   * one GetActor request each: docs/performance.md, P2); two requests of one user wait for the same look-up.
   */
  private actorOf(orgId: string, userId: number): Promise<Actor | null> {
    const k = `${orgId}:${userId}`;
    const a = this.actors.get(k);
    if (a !== undefined) return Promise.resolve(a);
    let p = this.actorLookups.get(k);
    if (!p) {
      p = new Promise<Actor | null>((resolve, reject) => {
        let waiting = this.actorWaiting.get(orgId);
        if (!waiting) {
          this.actorWaiting.set(orgId, (waiting = []));
          // in a context of its own: the look-up serves several requests, not the deadline of the first
          setImmediate(() => void runDetached({ correlationId: `actors-${randomUUID()}` }, () => this.lookUpActors(orgId)));
        }
        waiting.push({ userId, resolve, reject });
      });
      this.actorLookups.set(k, p);
      const done = () => this.actorLookups.delete(k);
      p.then(done, done);
    }
    return p;
  }

  private readonly actorLookups = new Map<string, Promise<Actor | null>>();
  private readonly actorWaiting = new Map<string, Array<{ userId: number; resolve(a: Actor | null): void; reject(e: unknown): void }>>();

  /** the waiting look-ups of one organization, GET_ACTORS_MAX users per request; a failed request fails its callers */
  private async lookUpActors(orgId: string): Promise<void> {
    const waiting = this.actorWaiting.get(orgId) ?? [];
    this.actorWaiting.delete(orgId);
    const chunks: Array<typeof waiting> = [];
    for (let i = 0; i < waiting.length; i += GET_ACTORS_MAX) chunks.push(waiting.slice(i, i + GET_ACTORS_MAX));
    await Promise.all(chunks.map(async (chunk) => {
      try {
        const { actors } = await this.bus.request(GetActors, { orgId, userIds: chunk.map((w) => w.userId) });
        chunk.forEach((w, i) => {
          const actor = actors[i] ?? null;
          this.actors.set(`${orgId}:${w.userId}`, actor);
          w.resolve(actor);
        });
      } catch (e) {
        for (const w of chunk) w.reject(e);
      }
    }));
  }
}
