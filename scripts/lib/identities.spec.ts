import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { importedNames } from './contract-usage';
import { ContractUsage, natsAuthorizationConf, natsPermissions, redisAcl, redisAclRule } from './identities';

/**
 * The rules that turn what a service uses of libs/contracts into its NATS permissions (scripts/lib/identities.ts),
 * case by case; the files written from them are what scripts/identities.ts makes now; the server's refusals are
 * proven in libs/platform/test/nats-identities.int-spec.ts.
 */
const usage = (service: string, u: Partial<ContractUsage> = {}): ContractUsage => ({ service, rpcs: [], events: [], fanout: [], ...u });

describe('natsPermissions', () => {
  const cases: [string, ContractUsage, { pub: string[]; notPub: string[]; sub: string[]; notSub: string[]; responds: boolean }][] = [
    [
      'an RPC it owns is served, not called',
      usage('meeting', { rpcs: ['meeting.v1.get-meeting'] }),
      { pub: [], notPub: ['meeting.v1.get-meeting'], sub: ['meeting.v1.get-meeting'], notSub: [], responds: true },
    ],
    [
      "another's RPC is called, not served",
      usage('minutes', { rpcs: ['meeting.v1.get-meeting'] }),
      { pub: ['meeting.v1.get-meeting'], notPub: [], sub: [], notSub: ['meeting.v1.get-meeting'], responds: false },
    ],
    [
      'its own event is published on its stream',
      usage('meeting', { events: ['meeting.v1.meeting.scheduled'] }),
      { pub: ['meeting.v1.meeting.scheduled', '$JS.API.STREAM.CREATE.MEETING', '$JS.API.INFO'], notPub: ['$JS.ACK.MEETING.>', '$JS.API.CONSUMER.CREATE.MEETING.>'], sub: [], notSub: ['meeting.v1.meeting.scheduled'], responds: false },
    ],
    [
      "another's event is consumed, never published",
      usage('notification', { events: ['meeting.v1.meeting.scheduled'] }),
      {
        pub: ['$JS.API.STREAM.INFO.MEETING', '$JS.API.CONSUMER.CREATE.MEETING.>', '$JS.API.CONSUMER.MSG.NEXT.MEETING.*', '$JS.ACK.MEETING.>', '$JS.API.STREAM.CREATE.NOTIFICATION'],
        notPub: ['meeting.v1.meeting.scheduled', '$JS.API.CONSUMER.CREATE.APPROVAL.>'],
        sub: [],
        notSub: ['meeting.v1.meeting.scheduled'],
        responds: false,
      },
    ],
    [
      'nothing used: its own stream and inbox only',
      usage('gateway'),
      { pub: ['$JS.API.INFO', '$JS.API.STREAM.INFO.GATEWAY'], notPub: ['>', 'meeting.>', '$JS.API.>'], sub: ['_INBOX.gateway.>'], notSub: ['_INBOX.>', '>'], responds: false },
    ],
    [
      'its own fan-out subject is published and read',
      usage('presentation', { fanout: ['presentation.room.>'] }),
      { pub: ['presentation.room.>'], notPub: [], sub: ['presentation.room.>'], notSub: [], responds: false },
    ],
    [
      "another's fan-out subject is neither",
      usage('library', { fanout: ['presentation.room.>'] }),
      { pub: [], notPub: ['presentation.room.>'], sub: [], notSub: ['presentation.room.>'], responds: false },
    ],
    [
      'a stream name follows the owner (dash to underscore)',
      usage('minutes', { events: ['my-owner.v1.thing.done'] }),
      { pub: ['$JS.ACK.MY_OWNER.>'], notPub: ['my-owner.v1.thing.done'], sub: [], notSub: [], responds: false },
    ],
  ];
  it.each(cases)('%s', (_name, u, want) => {
    const p = natsPermissions(u);
    for (const s of want.pub) expect(p.publish.allow).toContain(s);
    for (const s of want.notPub) expect(p.publish.allow).not.toContain(s);
    for (const s of want.sub) expect(p.subscribe.allow).toContain(s);
    for (const s of want.notSub) expect(p.subscribe.allow).not.toContain(s);
    expect(p.subscribe.allow).toContain(`_INBOX.${u.service}.>`);
    expect(Boolean(p.allow_responses)).toBe(want.responds);
  });

  it('never grants a full wildcard', () => {
    const p = natsPermissions(usage('notification', { rpcs: ['organization.v1.get-actor', 'notification.v1.x'], events: ['meeting.v1.meeting.scheduled', 'approval.v1.approval.signed'] }));
    for (const s of [...p.publish.allow, ...p.subscribe.allow]) expect(s).not.toMatch(/^(>|\*|[^.]+\.>|\$JS\.API\.>|_INBOX\.>)$/);
  });
});

describe('natsAuthorizationConf', () => {
  it('writes each user with a password taken from the environment, never a value', () => {
    const text = natsAuthorizationConf([{ user: 'meeting', permissions: natsPermissions(usage('meeting', { rpcs: ['meeting.v1.x'] })) }, { user: 'tooling' }]);
    expect(text).toContain('password: $NATS_PASSWORD_MEETING\n');
    expect(text).toContain('password: $NATS_PASSWORD_TOOLING\n');
    expect(text).toMatch(/user: "meeting"[\s\S]*subscribe: \{ allow: \[[^\]]*"meeting\.v1\.x"/);
    expect(text).toContain('allow_responses: { max: 1, expires: "5m" }');
    // the tooling user has no permissions block: only the local runner's file has it
    expect(text.split('user: "tooling"')[1]).not.toContain('permissions');
  });
});

describe('redisAcl', () => {
  it.each([
    ['its queues and its event markers', usage('library', { queues: ['library-convert'] }), ['bull:library-convert:*', 'evt:library__*'], ['bull:*', 'sess:*']],
    ['no queue: its markers only', usage('meeting'), ['evt:meeting__*'], ['bull:*']],
    ['sessions for the services that make or read them', usage('presentation', { queues: ['presentation-slides'] }), ['sess:*', 'sessu:*', 'pres:*'], ['rl:*']],
    ['the gateway: every queue (the dashboard), sessions and rate limits', usage('gateway'), ['bull:*', 'sess:*', 'rl:*'], ['pres:*', 'sso:attempt:*']],
  ])('%s', (_name, u, has, hasNot) => {
    const a = redisAcl(u);
    for (const k of has) expect(a.keys).toContain(k);
    for (const k of hasNot) expect(a.keys).not.toContain(k);
    expect(a.keys).not.toContain('*');
    expect(a.commands).toMatch(/-@admin -@dangerous/);
  });

  it('writes a rule that resets keys and channels before granting', () => {
    expect(redisAclRule(redisAcl(usage('library', { queues: ['library-convert'] })), 'pw')).toMatch(/^user library on >pw resetkeys ~bull:library-convert:\* ~evt:library__\* resetchannels -@all /);
  });
});

describe('importedNames', () => {
  it.each([
    ["import { A, B as C } from '@app/contracts';", ['A', 'B']],
    ["import type { A } from '@app/contracts';", []],
    ["import { type A, B } from '@app/contracts';", ['B']],
    ["import {\n  A,\n  B,\n} from '@app/contracts';", ['A', 'B']],
    ["import { A } from '@app/platform';", []],
  ])('%s', (source, names) => expect(importedNames(source)).toEqual(names));
});

describe('the committed files', () => {
  it('deploy/identities, k8s/infra/nats.values.yaml and docs/operations.md are what scripts/identities.ts makes', () => {
    const root = path.resolve(__dirname, '../..');
    expect(execFileSync(process.execPath, ['-r', '@swc-node/register', 'scripts/identities.ts', '--check'], { cwd: root, encoding: 'utf8' })).toContain('up to date');
  }, 60_000);
});
