import type { NatsConnection } from '@nats-io/transport-node';
import type Redis from 'ioredis';
import type { EventDef, EventMeta, PayloadInputOf } from '@app/contracts';
import { Events, PayloadSeal } from '@app/platform';

/**
 * Event payloads and job data rest sealed (docs/decisions.md "Secrets at rest"). Tests that tap NATS or read a
 * stream open them with the services' key: OUTBOX_KEY when the run sets one, else the development key.
 */
export const testSeal = PayloadSeal.fromKey(process.env.OUTBOX_KEY, false, process.env.OUTBOX_KEY_PREVIOUS);

/** A NATS/JetStream message's data -> the event envelope with its payload opened. */
export function openEvent<P = Record<string, unknown>>(data: Uint8Array): { id: string; subject: string; payload: P; [k: string]: unknown } {
  return testSeal.open(JSON.parse(new TextDecoder().decode(data)));
}

/** What tests publish through: `publish` as `Events` has it, for events of any owner. */
export interface AnyOwnerPublisher {
  publish<D extends EventDef>(def: D, payload: PayloadInputOf<D>, opts?: { id?: string }): Promise<EventMeta>;
}

/**
 * Only an event's owner may publish it (`Events.envelope`); a test that plays several services publishes each event
 * through an `Events` named as that event's owner, made on first use over one NATS and Redis connection, with the
 * services' key. There is no service that may publish everything.
 */
export function publisherForEveryOwner(nc: NatsConnection, redis: Redis): AnyOwnerPublisher {
  const byOwner = new Map<string, Events>();
  return {
    publish(def, payload, opts) {
      let events = byOwner.get(def.owner);
      if (!events) {
        events = new Events(nc, redis, { service: def.owner, outboxKey: process.env.OUTBOX_KEY, outboxKeyPrevious: process.env.OUTBOX_KEY_PREVIOUS });
        byOwner.set(def.owner, events);
      }
      return events.publish(def, payload, opts);
    },
  };
}
