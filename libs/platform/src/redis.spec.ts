import { EventEmitter } from 'node:events';
import Redis from 'ioredis';
import { createRedis, RedisOutageLog, watchRedisErrors } from './redis';

/** the log lines an outage log writes for a sequence of client events at given times */
function linesOf(events: [number, 'error' | 'ready', string][]): string[] {
  const lines: string[] = [];
  let now = 0;
  const log = new RedisOutageLog({ warn: (o, m) => lines.push(`warn ${m.split(':')[0]} ${JSON.stringify(o)}`), info: (o, m) => lines.push(`info ${m} ${JSON.stringify(o)}`) }, () => now);
  for (const [at, kind, client] of events) {
    now = at;
    if (kind === 'error') log.error(client, new Error('connect ECONNREFUSED'));
    else log.ready(client);
  }
  return lines;
}

describe('RedisOutageLog: one line when Redis goes away, one when it is back', () => {
  it.each([
    ['no error, no line', [[0, 'ready', 'a']], []],
    ['every retry of every client in one outage: one warning, one recovery with the count', [[0, 'error', 'a'], [100, 'error', 'b'], [200, 'error', 'a'], [900, 'ready', 'a']], [
      'warn Redis unreachable {"client":"a","err":"connect ECONNREFUSED"}',
      'info Redis reachable again {"client":"a","ms":900,"errors":3,"clients":["a","b"]}',
    ]],
    ["another client's last retry just after the recovery: nothing more", [[0, 'error', 'a'], [500, 'ready', 'a'], [900, 'error', 'b']], [
      'warn Redis unreachable {"client":"a","err":"connect ECONNREFUSED"}',
      'info Redis reachable again {"client":"a","ms":500,"errors":1,"clients":["a"]}',
    ]],
    ['a second outage later: logged again', [[0, 'error', 'a'], [500, 'ready', 'a'], [60_000, 'error', 'b'], [61_000, 'ready', 'b']], [
      'warn Redis unreachable {"client":"a","err":"connect ECONNREFUSED"}',
      'info Redis reachable again {"client":"a","ms":500,"errors":1,"clients":["a"]}',
      'warn Redis unreachable {"client":"b","err":"connect ECONNREFUSED"}',
      'info Redis reachable again {"client":"b","ms":1000,"errors":1,"clients":["b"]}',
    ]],
  ] as [string, [number, 'error' | 'ready', string][], string[]][])('%s', (_name, events, expected) => {
    expect(linesOf(events)).toEqual(expected);
  });
});

describe('watchRedisErrors', () => {
  it("gives an emitter an 'error' listener, so an error is neither thrown nor printed as unhandled", () => {
    const e = watchRedisErrors(new EventEmitter(), 'test');
    expect(e.listenerCount('error')).toBe(1);
    expect(() => e.emit('error', new Error('ECONNREFUSED'))).not.toThrow();
  });

  it('the platform client (createRedis) has its error and ready listeners before it connects', () => {
    const r = createRedis('redis://127.0.0.1:1', 'test');
    try {
      expect(r).toBeInstanceOf(Redis);
      expect(r.listenerCount('error')).toBeGreaterThan(0);
      expect(r.listenerCount('ready')).toBeGreaterThan(0);
    } finally {
      r.disconnect();
    }
  });
});
