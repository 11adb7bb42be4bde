import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import { AppError, SYSTEM_ACTOR, type Actor, type OrgPublic, type RouteAccess } from '@app/contracts';
import type { ApiRequest } from './request';
import { RATE_LIMIT, SignInLimitsInterceptor, clientAddress, type RateLimitSpec } from './sign-in-limits';

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

export { RATE_LIMIT, type RateLimitSpec } from './sign-in-limits';
/**
 * The route's rate limit (sign-in-limits.ts): what is counted, per what, and when it is cleared. Put it
 * ABOVE a @UseInterceptors that parses the body (multipart), so the body is read when it counts.
 */
export const RateLimit = (spec: RateLimitSpec) => applyDecorators(SetMetadata(RATE_LIMIT, spec), UseInterceptors(SignInLimitsInterceptor));

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
/** The client's address as seen through the trusted proxies (TRUSTED_PROXIES). */
export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext) => clientAddress(ctx.switchToHttp().getRequest<ApiRequest>()));
export const SessionToken = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<ApiRequest>().sessionToken);

export { SYSTEM_ACTOR };
