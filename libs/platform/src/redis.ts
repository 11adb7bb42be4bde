import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

export function createRedis(url: string, name: string): Redis {
  const r = new Redis(url, { connectionName: name, maxRetriesPerRequest: null, lazyConnect: false });
  return r;
}
