import { CanActivate, ExecutionContext, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, GetActor, OrganizationUpdated, ResolveOrganization, type Actor, type OrgPublic } from '@app/contracts';
import { Bus, CONFIG, Events, HealthController, SessionStore, TtlCache, currentContext } from '@app/platform';
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

  private async actorOf(orgId: string, userId: number): Promise<Actor | null> {
    const k = `${orgId}:${userId}`;
    let a = this.actors.get(k);
    if (a === undefined) {
      a = (await this.bus.request(GetActor, { orgId, userId })).actor;
      this.actors.set(k, a);
    }
    return a;
  }
}
