import { EventEmitter } from 'node:events';
import { of } from 'rxjs';
import type { WebSocketServer } from 'ws';
import { LeanWsAdapter } from './lean-ws-adapter';

/** what Nest's adapter leaves on each socket: listeners by event (a socket is an EventEmitter to the adapter) */
const listeners = (e: EventEmitter) => Object.fromEntries(e.eventNames().map((n) => [String(n), e.listeners(n).length]));

describe('LeanWsAdapter', () => {
  const cases: Array<{ name: string; handlers: number; disconnectEvents: boolean; expected: Record<string, number> }> = [
    { name: 'a gateway without message handlers or disconnect events: nothing per socket', handlers: 0, disconnectEvents: false, expected: {} },
    { name: 'with disconnect events: the close listener Nest needs', handlers: 0, disconnectEvents: true, expected: { close: 1 } },
    { name: 'with message handlers: Nest pipeline as before', handlers: 1, disconnectEvents: false, expected: { message: 1, close: 1 } },
  ];
  it.each(cases)('$name', ({ handlers, disconnectEvents, expected }) => {
    const adapter = new LeanWsAdapter(undefined, { disconnectEvents });
    const client = new EventEmitter();
    const handlerList = Array.from({ length: handlers }, () => ({ message: 'm', methodName: 'm', callback: () => of(1), isAckHandledManually: false }));
    adapter.bindMessageHandlers(client, handlerList, (d) => of(d));
    adapter.bindClientDisconnect(client, () => undefined);
    expect(listeners(client)).toEqual(expected);
  });

  it('every socket gets the same error listener (no closure per socket)', () => {
    const adapter = new LeanWsAdapter(undefined, { disconnectEvents: false });
    const server = new EventEmitter();
    adapter.bindErrorHandler(server as unknown as WebSocketServer);
    const a = new EventEmitter();
    const b = new EventEmitter();
    server.emit('connection', a);
    server.emit('connection', b);
    expect(a.listeners('error')).toHaveLength(1);
    expect(a.listeners('error')[0]).toBe(b.listeners('error')[0]);
    expect(() => a.emit('error', new Error('reset'))).not.toThrow();
  });
});
