import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AppError, SYSTEM_ACTOR, type Actor, type OrgPublic, type RouteAccess, type RouteRateLimit } from '@app/contracts';
import type { ApiRequest } from './request';

export const ACCESS = Symbol('ACCESS');
/**
 * Who may call a route:
 * - 'user' (default): a signed-in user of the host's organization;
 * - 'public': anyone; the organization is resolved when the host names one; a token, if sent, is used;
 * - 'guest': a signed-in user, or a guest whose token (query `token` or path) the owning service checks;
 * - 'no-org': anyone, and no organization is needed (the portal host).
 */
export type Access = RouteAccess;
export const Public = () => SetMetadata(ACCESS, 'public' satisfies Access);
export const GuestAllowed = () => SetMetadata(ACCESS, 'guest' satisfies Access);
export const NoOrg = () => SetMetadata(ACCESS, 'no-org' satisfies Access);

export const RATE_LIMIT = Symbol('RATE_LIMIT');
export type RateLimitSpec = RouteRateLimit;
export const RateLimit = (spec: RateLimitSpec) => SetMetadata(RATE_LIMIT, spec);

/** The resolved organization (404 'Invalid Organization URL' was already answered when there is none). */
export const Org = createParamDecorator((_: unknown, ctx: ExecutionContext): OrgPublic => {
  const req = ctx.switchToHttp().getRequest<ApiRequest>();
  if (!req.org) throw new AppError('INVALID_ORGANIZATION');
  return req.org;
});

/** The acting user or guest. */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const req = ctx.switchToHttp().getRequest<ApiRequest>();
  if (!req.actor) throw new AppError('UNAUTHENTICATED');
  return req.actor;
});

/** The actor when there is one (public routes). */
export const OptionalActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor | undefined => {
  return ctx.switchToHttp().getRequest<ApiRequest>().actor;
});

export const ReqLang = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<ApiRequest>().lang);
export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<ApiRequest>();
  return req.ip || req.socket.remoteAddress || 'unknown';
});
export const SessionToken = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<ApiRequest>().sessionToken);

export { SYSTEM_ACTOR };
