import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { AppError, errorSpec, type RateLimitName, type RouteRateLimit } from '@app/contracts';
import { CONFIG, RateLimiter, logger, type Counter } from '@app/platform';
import type { GatewayConfig } from '../config';
import type { ApiRequest } from './request';

/**
 * Rate limits of the credential routes (sign-in, PIN, two-factor, password reset, verification, SSO,
 * guest links): an edge concern, so it lives in the gateway. The pure parts (`planFor`, `outcomeOf`,
 * `identityOf`, `addressKey`) are table-tested in sign-in-limits.spec.ts; the counting runs in Redis
 * through the platform's RateLimiter (services/gateway/test/sign-in-limits.int-spec.ts).
 *
 * A route counts in one of two ways (`RateLimitSpec.count`):
 * - 'failures' (routes whose answer says whether the caller was right): every attempt counts against a
 *   high per-address ceiling, so an office behind one address can sign everyone in; FAILED attempts
 *   count per account and address, per account, and per address; a success clears the account's
 *   failures. An attempt is counted before it runs (so concurrent guesses cannot slip past a limit)
 *   and given back when it turns out not to be a failure.
 * - 'attempts' (routes whose answer is always the same, e.g. "a reset link has been sent", and guest
 *   links): every attempt counts per address and per identity, as before.
 * Refused attempts answer 429 'Too Many Attempts.' with Retry-After = the real remaining seconds.
 */

export const RATE_LIMIT = Symbol('RATE_LIMIT');

export type LimitFamily = RateLimitName;

/** The route table's rate limit of a route (libs/contracts RouteRateLimit): what is counted, per what, and when it is cleared. */
export type RateLimitSpec = RouteRateLimit;

/** The numbers of gateway config a plan needs. */
export type Limits = Pick<
  GatewayConfig,
  'AUTH_RATE_WINDOW_SECONDS' | 'AUTH_IP_RATE_LIMIT' | 'AUTH_FAILURE_LIMIT' | 'AUTH_ACCOUNT_FAILURE_LIMIT' | 'AUTH_IP_FAILURE_LIMIT' | 'AUTH_RATE_LIMIT' | 'GUEST_RATE_LIMIT' | 'SEAL_VERIFY_RATE_LIMIT'
>;

/** Who is attempting: organization id ('none' on the portal host), client address key, account ('' when none). */
export interface Subject {
  org: string;
  address: string;
  identity: string;
}

/** What to count before the attempt, and what to clear or give back once its outcome is known. */
export interface Plan {
  counters: Counter[];
  /** cleared after a success */
  resetOnSuccess: string[];
  /** given back after a success (the attempt was no failure) */
  refundOnSuccess: string[];
  /** given back when the attempt neither succeeded nor failed (the service was down, the request was malformed) */
  refundOnNeutral: string[];
}

export type Outcome = 'success' | 'failure' | 'neutral';

/**
 * The address a counter is kept for: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its
 * /64 network (one subscriber gets a whole /64, so single addresses are free to rotate).
 */
export function addressKey(ip: string | undefined): string {
  const raw = (ip ?? '').trim().toLowerCase();
  if (!raw) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped) return mapped[1];
  if (!isIPv6(raw)) return raw;
  const [head, tail = ''] = raw.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = raw.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The account an attempt is about, normalized (trimmed, lower case); '' when the request names none. */
export function identityOf(
  spec: RateLimitSpec,
  req: { body?: unknown; query?: unknown; actor?: { userId: number | null } | undefined },
): string {
  if (spec.identityFromActor) return req.actor?.userId != null ? `user:${req.actor.userId}` : '';
  if (!spec.identityField) return '';
  const pick = (o: unknown) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[spec.identityField!] : undefined);
  const v = pick(req.body) ?? pick(req.query);
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  return String(v).trim().toLowerCase();
}

/** Identities (e-mails, tokens) are kept hashed: no address or bearer token sits in Redis in clear. */
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** Counters of one attempt (pure: the keys and limits follow from the route, the subject and the config). */
export function planFor(spec: RateLimitSpec, s: Subject, limits: Limits): Plan {
  const w = limits.AUTH_RATE_WINDOW_SECONDS;
  // one hash tag per family and organization: the counters of one attempt share a Redis Cluster slot (one script)
  const base = `{${spec.name}:${s.org}}`;
  const c = (key: string, limit: number): Counter => ({ key, limit, windowSeconds: w });
  if (spec.count !== 'failures') {
    const perAddress = spec.name === 'guest' ? limits.GUEST_RATE_LIMIT : spec.name === 'seal-verify' ? limits.SEAL_VERIFY_RATE_LIMIT : limits.AUTH_RATE_LIMIT;
    const counters = [c(`${base}:ip:${s.address}`, perAddress)];
    if (s.identity) counters.push(c(`${base}:id:${digest(s.identity)}`, limits.AUTH_RATE_LIMIT));
    return { counters, resetOnSuccess: [], refundOnSuccess: [], refundOnNeutral: [] };
  }
  const all = c(`${base}:ip-all:${s.address}`, limits.AUTH_IP_RATE_LIMIT);
  const ipFailures = c(`${base}:ip-failed:${s.address}`, limits.AUTH_IP_FAILURE_LIMIT);
  const account: Counter[] = [];
  if (s.identity) {
    const id = digest(s.identity);
    account.push(c(`${base}:account-ip-failed:${id}:${s.address}`, limits.AUTH_FAILURE_LIMIT), c(`${base}:account-failed:${id}`, limits.AUTH_ACCOUNT_FAILURE_LIMIT));
  }
  const failureKeys = [ipFailures, ...account].map((x) => x.key);
  return {
    counters: [all, ipFailures, ...account],
    resetOnSuccess: account.map((x) => x.key),
    refundOnSuccess: [ipFailures.key],
    refundOnNeutral: failureKeys,
  };
}

/**
 * Success, failure or neither, from what the route threw (nothing: success). Refusals of the caller's
 * credentials (401, 403, 404 answered by the service) are failures, and so is a 409 'Error in
 * validation' naming one of the route's credential fields; a service failure (5xx, 508), a 429 or a
 * malformed request is neither.
 */
export function outcomeOf(spec: RateLimitSpec, error?: unknown): Outcome {
  if (error === undefined) return 'success';
  if (!(error instanceof AppError)) return 'neutral';
  const status = errorSpec(error.code).status;
  if (status === 401 || status === 403 || status === 404) return 'failure';
  if (error.code === 'VALIDATION') {
    const fields = Object.keys(error.fields ?? {});
    return fields.some((f) => spec.credentialFields?.includes(f)) ? 'failure' : 'neutral';
  }
  return 'neutral';
}

/** The client address Express computed through the trusted proxies (`trust proxy`, TRUSTED_PROXIES). */
export const clientAddress = (req: ApiRequest): string => req.ip || req.socket.remoteAddress || 'unknown';

/** The counting itself: count before an attempt (429 when spent), clear or give back once its outcome is known. */
export class SignInLimits {
  constructor(private readonly limiter: RateLimiter, private readonly limits: Limits) {}

  /** Counts the attempt; AppError TOO_MANY_ATTEMPTS (details.retryAfter = remaining seconds) when a counter is spent. */
  async begin(spec: RateLimitSpec, subject: Subject): Promise<Plan> {
    const plan = planFor(spec, subject, this.limits);
    await this.limiter.takeOrThrow(plan.counters);
    return plan;
  }

  async settle(plan: Plan, outcome: Outcome): Promise<void> {
    if (outcome === 'success') {
      await this.limiter.reset(plan.resetOnSuccess);
      await this.limiter.refund(plan.refundOnSuccess);
    } else if (outcome === 'neutral') {
      await this.limiter.refund(plan.refundOnNeutral);
    }
  }
}

/**
 * Applies a route's RateLimitSpec around its handler. The generated routes controller puts it on every route
 * of the table with a `rateLimit` (core/routes.ts); it runs after the guard, so the organization and actor
 * are known, and after the route's multipart parser, so the body is read.
 */
@Injectable()
export class SignInLimitsInterceptor implements NestInterceptor {
  private readonly limits: SignInLimits;

  constructor(private readonly reflector: Reflector, limiter: RateLimiter, @Inject(CONFIG) config: GatewayConfig) {
    this.limits = new SignInLimits(limiter, config);
  }

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const spec = this.reflector.get<RateLimitSpec | undefined>(RATE_LIMIT, ctx.getHandler());
    if (!spec) return next.handle();
    const req = ctx.switchToHttp().getRequest<ApiRequest>();
    const plan = await this.limits.begin(spec, { org: req.org?.id ?? 'none', address: addressKey(clientAddress(req)), identity: identityOf(spec, req) });
    return next.handle().pipe(
      mergeMap((value) => from(this.settle(plan, 'success').then(() => value))),
      catchError((e: unknown) => from(this.settle(plan, outcomeOf(spec, e)).then(() => Promise.reject(e)))),
    );
  }

  private async settle(plan: Plan, outcome: Outcome): Promise<void> {
    try {
      await this.limits.settle(plan, outcome);
    } catch (err) {
      // the answer (a session, a refusal) stands; a counter left as it was only errs on the strict side
      logger().warn({ err, outcome }, 'rate limit counters not settled');
    }
  }
}
