import * as contracts from '@app/contracts';
import type { EventDef } from '@app/contracts';
import { mayPublish } from './events.service';

/** every event the contracts define: an object with a subject of four tokens and an owner */
const isEvent = (v: unknown): boolean => {
  const d = v as Partial<EventDef> | null;
  return typeof d === 'object' && d !== null && typeof d.subject === 'string' && typeof d.owner === 'string' && 'payload' in d && d.subject.split('.').length === 4;
};
const events = (Object.values(contracts) as unknown[]).filter(isEvent) as EventDef[];
const services = [...new Set(events.map((e) => e.owner))];

describe('only an event\'s owner publishes it', () => {
  it('the contracts define events of several owners (the table below is not empty)', () => {
    expect(events.length).toBeGreaterThan(20);
    expect(services.length).toBeGreaterThan(3);
  });

  it.each(events.map((e) => [e.subject, e.owner]))('%s: its owner %s may publish it', (_subject, owner) => {
    expect(mayPublish(owner, { owner })).toBe(true);
  });

  it.each(events.flatMap((e) => [...services, 'test', '', 'gateway'].filter((s) => s !== e.owner).map((s) => [e.subject, s])))('%s: %s may not', (subject, service) => {
    const def = events.find((e) => e.subject === subject)!;
    expect(mayPublish(service, def)).toBe(false);
  });
});
