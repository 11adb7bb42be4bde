import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { AppError, type Actor, type Lang, type Variant } from '@app/contracts';
import type { ApiRequest } from '../core/request';

/** What every meeting RPC starts with: the organization, the actor, the host's variant and the language. */
export interface MeetingCall {
  orgId: string;
  actor: Actor;
  variant: Variant;
  lang: Lang;
}

export const Call = createParamDecorator((_: unknown, ctx: ExecutionContext): MeetingCall => {
  const req = ctx.switchToHttp().getRequest<ApiRequest>();
  if (!req.org) throw new AppError('INVALID_ORGANIZATION');
  if (!req.actor) throw new AppError('UNAUTHENTICATED');
  return { orgId: req.org.id, actor: req.actor, variant: req.org.variant, lang: req.lang ?? 'en' };
});
