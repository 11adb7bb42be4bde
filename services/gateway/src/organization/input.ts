import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { ApiRequest } from '../core/request';

/**
 * The query string and the body together (body wins): the spec's sign-in calls send their fields
 * "with query params" (platform.md §7), forms send them in the body.
 */
export const Input = createParamDecorator((_: unknown, ctx: ExecutionContext): Record<string, unknown> => {
  const req = ctx.switchToHttp().getRequest<ApiRequest>();
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...(req.query as Record<string, unknown>), ...body };
});
