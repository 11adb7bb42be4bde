/**
 * Broker identities (docs/operations.md "Who may talk to whom"): what each service may do on NATS, derived from what
 * it uses of libs/contracts, as pure functions. scripts/identities.ts finds the usage (contract-usage.ts) and writes
 * the files; scripts/lib/identities.spec.ts tests these functions table by table; the NATS server's refusals are
 * proven in libs/platform/test/nats-identities.int-spec.ts.
 */

/** what one service uses of the contracts (contract-usage.ts finds it in the service's sources) */
export interface ContractUsage {
  service: string;
  /** RPC subjects it references: the ones it owns it serves, the others it calls */
  rpcs: string[];
  /** event subjects it references: the ones it owns it publishes, the others it consumes */
  events: string[];
  /** core NATS fan-out subjects (a contract's `wildcard`, e.g. presentation.room.>): its own are published and read */
  fanout: string[];
  /** BullMQ queues of the jobs it references (it adds their jobs or processes them) */
  queues?: string[];
}

export interface NatsPermissions {
  publish: { allow: string[] };
  subscribe: { allow: string[] };
  /** the service answers the requests it received (one reply each, within the request's life) */
  allow_responses: { max: number; expires: string } | false;
}

const ownerOf = (subject: string): string => subject.split('.')[0];
/** the JetStream stream of an owner's events (libs/contracts streamOf: upper case, - to _) */
export const streamOfOwner = (owner: string): string => owner.toUpperCase().replace(/-/g, '_');
/** each process's reply subjects (libs/platform connectNats sets inboxPrefix): nobody reads another's replies */
export const inboxPrefix = (service: string): string => `_INBOX.${service}`;
const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

/**
 * The NATS permissions of one service:
 * - subscribe to the RPC subjects it serves, publish the ones it calls;
 * - publish its own events (JetStream publish: the PubAck comes back to its inbox);
 * - the JetStream API on its own stream and the streams it consumes (stream info/create/update: every service
 *   ensures its own stream and the ones it consumes; consumer info/create/next/delete and acks on the consumed ones only);
 * - its fan-out subjects (publish and subscribe), when it owns them;
 * - its replies: subscribe `_INBOX.<service>.>`, and answer the requests it received (allow_responses).
 */
export function natsPermissions(u: ContractUsage): NatsPermissions {
  const serves = u.rpcs.filter((s) => ownerOf(s) === u.service);
  const calls = u.rpcs.filter((s) => ownerOf(s) !== u.service);
  const publishes = u.events.filter((s) => ownerOf(s) === u.service);
  const consumedStreams = sorted(u.events.filter((s) => ownerOf(s) !== u.service).map((s) => streamOfOwner(ownerOf(s))));
  // every service ensures its own stream at start (libs/platform PlatformModule), whether it publishes yet or not
  const streams = sorted([streamOfOwner(u.service), ...consumedStreams]);
  const fanout = u.fanout.filter((s) => ownerOf(s) === u.service);
  const js = ['$JS.API.INFO', ...streams.flatMap((s) => [`$JS.API.STREAM.INFO.${s}`, `$JS.API.STREAM.CREATE.${s}`, `$JS.API.STREAM.UPDATE.${s}`])];
  const consumers = consumedStreams.flatMap((s) => [
    `$JS.API.CONSUMER.INFO.${s}.*`,
    `$JS.API.CONSUMER.CREATE.${s}`,
    `$JS.API.CONSUMER.CREATE.${s}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${s}.*`,
    `$JS.API.CONSUMER.MSG.NEXT.${s}.*`,
    `$JS.API.CONSUMER.DELETE.${s}.*`,
    `$JS.ACK.${s}.>`,
  ]);
  return {
    publish: { allow: sorted([...calls, ...publishes, ...fanout, ...js, ...consumers]) },
    subscribe: { allow: sorted([...serves, ...fanout, `${inboxPrefix(u.service)}.>`]) },
    allow_responses: serves.length ? { max: 1, expires: '5m' } : false,
  };
}

/** one NATS user: its name and how its password is written in the configuration (an environment reference) */
export interface NatsUser {
  user: string;
  permissions?: NatsPermissions;
}

/** the environment variable the NATS server reads a service's password from (never a value in the repository) */
export const natsPasswordVar = (user: string): string => `NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`;

const q = (s: string): string => JSON.stringify(s);
const list = (xs: string[], indent: string): string => `[\n${xs.map((x) => `${indent}  ${q(x)}`).join(',\n')}\n${indent}]`;

/**
 * The `authorization` block of a nats-server configuration file. Passwords are `$NATS_PASSWORD_<USER>` references
 * that the server resolves from its environment; a user without permissions may do anything (the local runner's
 * tooling user only, never in the cluster).
 */
export function natsAuthorizationConf(users: NatsUser[]): string {
  const blocks = users.map(({ user, permissions: p }) => {
    const lines = [`    user: ${q(user)}`, `    password: $${natsPasswordVar(user)}`];
    if (p) {
      lines.push(
        '    permissions: {',
        `      publish: { allow: ${list(p.publish.allow, '      ')} }`,
        `      subscribe: { allow: ${list(p.subscribe.allow, '      ')} }`,
        ...(p.allow_responses ? [`      allow_responses: { max: ${p.allow_responses.max}, expires: ${q(p.allow_responses.expires)} }`] : []),
        '    }',
      );
    }
    return `  {\n${lines.join('\n')}\n  }`;
  });
  return `authorization {\n  users: [\n${blocks.join(',\n')}\n  ]\n}\n`;
}

/* ------------------------------------------------ Valkey / Redis ------------------------------------------------ */

/**
 * Keys a service keeps in Redis besides its queues and its event markers, by the code that writes them: sign-in
 * sessions (libs/platform SessionStore: `sess:`, `sessu:`; made by organization, read by the gateway and the
 * presentation sockets), rate limits (libs/platform RateLimiter: `rl:`, the gateway), SSO attempts
 * (services/organization sso-attempts.ts), presentation rooms (services/presentation room-store.ts), the minutes fields'
 * generations (`mfields:`: raised by services/minutes fields-generation.ts, read by the gateway's minutes-fields-cache.ts).
 */
export const REDIS_CACHE_KEYS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  gateway: ['sess:*', 'sessu:*', 'rl:*', 'mfields:*'],
  minutes: ['mfields:*'],
  organization: ['sess:*', 'sessu:*', 'sso:attempt:*'],
  presentation: ['sess:*', 'sessu:*', 'pres:*'],
});
/** the BullMQ prefix (libs/platform QueuesModule) */
export const BULL_PREFIX = 'bull';
/**
 * Commands: everything but administration and the dangerous ones (FLUSHALL, KEYS, CONFIG, DEBUG, MONITOR...), plus
 * what ioredis and BullMQ need of those at connect time (INFO for the version and eviction check, CLIENT SETNAME).
 */
export const REDIS_COMMANDS = '-@all +@read +@write +@keyspace +@string +@hash +@list +@set +@sortedset +@stream +@scripting +@transaction +@connection +@fast +@slow -@admin -@dangerous +info +client|setname +client|getname +client|id +client|info';

export interface RedisAcl {
  user: string;
  keys: string[];
  commands: string;
}

/**
 * One service's Valkey ACL: the keys of the queues it uses (`bull:<queue>:*`), its JetStream consumers' idempotency
 * markers (`evt:<service>__*`: libs/platform Events names each durable `<service>__…`), its caches
 * (REDIS_CACHE_KEYS); the gateway's queue dashboard (when enabled) reads every queue (`bull:*`). No pub/sub channel.
 */
export function redisAcl(u: ContractUsage): RedisAcl {
  const queues = u.service === 'gateway' ? [`${BULL_PREFIX}:*`] : (u.queues ?? []).map((q) => `${BULL_PREFIX}:${q}:*`);
  return { user: u.service, keys: sorted([...queues, `evt:${u.service}__*`, ...(REDIS_CACHE_KEYS[u.service] ?? [])]), commands: REDIS_COMMANDS };
}

/** the ACL rule of a user as valkey.conf / ACL SETUSER take it (the password given here: tests and the local runner) */
export const redisAclRule = (a: RedisAcl, password: string): string => `user ${a.user} on >${password} resetkeys ${a.keys.map((k) => `~${k}`).join(' ')} resetchannels ${a.commands}`;
