import { PayloadSeal } from '@app/platform';

/**
 * Event payloads and job data rest sealed (docs/decisions.md "Secrets at rest"). Tests that tap NATS or read a
 * stream open them with the services' key: OUTBOX_KEY when the run sets one, else the development key.
 */
export const testSeal = PayloadSeal.fromKey(process.env.OUTBOX_KEY, false, process.env.OUTBOX_KEY_PREVIOUS);

/** A NATS/JetStream message's data -> the event envelope with its payload opened. */
export function openEvent<P = Record<string, unknown>>(data: Uint8Array): { id: string; subject: string; payload: P; [k: string]: unknown } {
  return testSeal.open(JSON.parse(new TextDecoder().decode(data)));
}
