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
