import { SetMetadata } from '@nestjs/common';
import type { EventDef } from '@app/contracts';
import type { SubscribeOptions } from './events.service';

export const EVENT_HANDLER = Symbol('EVENT_HANDLER');
export interface EventHandlerMeta {
  def: EventDef;
  options: SubscribeOptions;
}

/** Marks a method as the consumer of a domain event (a durable JetStream consumer per method). */
export const OnEvent = (def: EventDef, options: SubscribeOptions = {}): MethodDecorator =>
  SetMetadata(EVENT_HANDLER, { def, options } satisfies EventHandlerMeta);
