import { SetMetadata } from '@nestjs/common';
import type { RouteAccess } from '@app/contracts';

/**
 * Who may call a route (libs/contracts RouteAccess): the generated routes controller sets it from the route
 * table; the guard reads it. The only hand-written controller left is /api/docs (`@NoOrg()`).
 */
export const ACCESS = Symbol('ACCESS');
export type Access = RouteAccess;
export const NoOrg = () => SetMetadata(ACCESS, 'no-org' satisfies Access);

export { RATE_LIMIT, type RateLimitSpec } from './sign-in-limits';
