import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What an operator deploys, validated statically (scripts/lib/deploy-validate.mjs, run as its own Node process:
 * the Kubernetes schema packages are ES modules): docker-compose.yml against the Compose specification's schema,
 * every manifest of k8s/ (and each overlay as rendered) against the Kubernetes schemas, deploy/Dockerfile parsed
 * into stages. No Docker engine or cluster here: nothing is built or applied. Each rule is also shown to refuse a
 * file that breaks it.
 */
const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'scripts/lib/deploy-validate.mjs');
/** the services that exist (scripts/services.mjs, an ES module) */
const SERVICES = execFileSync(process.execPath, ['--input-type=module', '-e', "import { presentServices } from './scripts/services.mjs'; console.log(presentServices().map((s) => s.name).join(','))"], { cwd: ROOT, encoding: 'utf8' })
  .trim()
  .split(',');

interface Report {
  compose: string[];
  k8s: string[];
  k8sDocuments: number;
  dockerfile: string[];
}
interface Check {
  only?: ('compose' | 'k8s' | 'dockerfile')[];
  compose?: string;
  k8s?: string;
  dockerfile?: string;
  services?: string[];
  render?: string[];
}

/**
 * Every case below writes its broken copy while the file is loaded and registers its check; one Node process then
 * validates them all (the schemas are loaded once) before the first test.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-check-'));
const checks: Check[] = [];
let reports: Report[] = [];
const register = (c: Check): (() => Report) => {
  const i = checks.push(c) - 1;
  return () => reports[i];
};
beforeAll(() => {
  const file = path.join(tmp, 'checks.json');
  fs.writeFileSync(file, JSON.stringify(checks));
  reports = JSON.parse(execFileSync(process.execPath, [CLI, '--batch', file], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Report[];
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const tmpName = (prefix: string) => path.join(tmp, `${prefix}-${n++}`);

describe('the repository as committed', () => {
  const committed = register({});
  it('docker-compose.yml, every manifest of k8s/ and deploy/Dockerfile pass', () => {
    const r = committed();
    expect({ compose: r.compose, k8s: r.k8s, dockerfile: r.dockerfile }).toEqual({ compose: [], k8s: [], dockerfile: [] });
    // per service 5 documents, in base and in each of the two rendered overlays, plus the rest
    expect(r.k8sDocuments).toBeGreaterThanOrEqual(SERVICES.length * 5 * 3);
  });

  it('k8s/base/services is what k8s/generate.mjs makes from scripts/services.mjs', () => {
    expect(execFileSync(process.execPath, [path.join(ROOT, 'k8s/generate.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' })).toContain('up to date');
  });
});

describe('docker-compose.yml rules', () => {
  const original = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  const cases: [string, (s: string) => string, RegExp][] = [
    ['an image without a tag', (s) => s.replace('image: redis:7.4.2-alpine', 'image: redis'), /redis: image redis is not pinned/],
    ['an image on :latest', (s) => s.replace('image: nats:2.11.4-alpine', 'image: nats:latest'), /nats: image nats:latest is not pinned/],
    ['a MinIO image', (s) => s.replace('image: chrislusf/seaweedfs:3.80', 'image: minio/minio:RELEASE.2025-01-01T00-00-00Z'), /MinIO images are no longer published/],
    ['a port on every interface', (s) => s.replace('"127.0.0.1:3000:3000"', '"3000:3000"'), /port 3000:3000 is not bound to 127\.0\.0\.1/],
    ['Redis without append-only persistence', (s) => s.replace('"--appendonly", "yes"', '"--appendonly", "no"'), /append-only persistence is off/],
    ['Redis that may evict jobs', (s) => s.replace('"noeviction"', '"allkeys-lru"'), /eviction policy is not noeviction/],
    ['Redis with the open default user (no ACL users)', (s) => s.replace('    entrypoint: ["/bin/sh", "/boardroom/acl.sh"]\n', ''), /compose redis: not started with the services' ACL users/],
    ['Redis without the generated rules', (s) => s.replace('      - ./deploy/identities/valkey-users.acl:/boardroom/valkey-users.acl:ro\n', ''), /compose redis: not started with the services' ACL users/],
    ['Redis without a service\'s password', (s) => s.replace(/\n {2}REDIS_PASSWORD_MINUTES: [^\n]*/, ''), /compose redis: no password for the Redis user minutes/],
    ['a service on another service\'s Redis user', (s) => s.replace('REDIS_USER: library, REDIS_PASSWORD: "${REDIS_PASSWORD_LIBRARY:?set REDIS_PASSWORD_LIBRARY in .env}"', 'REDIS_USER: notification, REDIS_PASSWORD: "${REDIS_PASSWORD_NOTIFICATION:?set REDIS_PASSWORD_NOTIFICATION in .env}"'), /compose library: does not connect to Redis as its own user library/],
    ['a service given every Redis password', (s) => s.replace('<<: [*app-env, *db-library, *outbox-secret, *s3-secrets], SERVICE: library,', '<<: [*app-env, *db-library, *outbox-secret, *s3-secrets, *redis-passwords], SERVICE: library,'), /compose library: gets another Redis user's password \(REDIS_PASSWORD_APPROVAL\)/],
    ['NATS without JetStream', (s) => s.replace('command: ["-js", "-sd", "/data", "-m", "8222"]', 'command: ["-m", "8222"]'), /JetStream is off/],
    ['a field the Compose specification does not have', (s) => s.replace('  maildev:\n', '  maildev:\n    restart_when: always\n'), /compose schema: \/services\/maildev must NOT have additional properties \(restart_when\)/],
    ['a service that does not exist', (s) => s.replace('  gateway:\n', '  nosuch:\n    <<: *app\n    environment: { <<: *app-env, SERVICE: nosuch, HTTP_PORT: "3199" }\n  gateway:\n'), /service nosuch has an entry but no services\/nosuch/],
    ['a service left out', (s) => s.replace(/ {2}meeting:\n {4}<<: \*app\n {4}environment: \{[^\n]*\n/, ''), /service meeting exists .* but has no entry/],
    ['the owner URL in a service', (s) => s.replace('SERVICE: gateway,', 'SERVICE: gateway, DATABASE_ADMIN_URL: "postgres://x@y/z",'), /gateway: a service gets the database owner's URL/],
    ['a service without one of its secrets', (s) => s.replace('<<: [*app-env, *db-meeting, *outbox-secret, *auth-secret, *zoom-secrets], SERVICE: meeting,', '<<: [*app-env, *db-meeting, *outbox-secret, *zoom-secrets], SERVICE: meeting,'), /compose meeting: secret AUTH_SECRET is not in its environment/],
    ['a service given a secret it does not need', (s) => s.replace('<<: [*app-env, *outbox-secret, *s3-secrets, *queue-dashboard-secrets], SERVICE: gateway,', '<<: [*app-env, *outbox-secret, *s3-secrets, *queue-dashboard-secrets, *auth-secret], SERVICE: gateway,'), /compose gateway: gets secret AUTH_SECRET, which it does not need/],
    ['a service without its optional secrets (the queue dashboard)', (s) => s.replace('<<: [*app-env, *outbox-secret, *s3-secrets, *queue-dashboard-secrets], SERVICE: gateway,', '<<: [*app-env, *outbox-secret, *s3-secrets], SERVICE: gateway,'), /compose gateway: optional secret QUEUE_DASHBOARD_PASSWORD is not in its environment/],
    ['a service without its own Node options (the notification service\'s young generation)', (s) => s.replace(' NODE_OPTIONS: "--enable-source-maps --max-semi-space-size=32",', ''), /compose notification: NODE_OPTIONS is not the image's --enable-source-maps and its own --max-semi-space-size=32/],
    ['a service without one of its optional secrets (DKIM)', (s) => s.replace(/\n {2}DKIM_PRIVATE_KEY: [^\n]*/, ''), /compose notification: optional secret DKIM_PRIVATE_KEY is not in its environment/],
    ['the e-mail secrets given to another service', (s) => s.replace('<<: [*app-env, *db-meeting, *outbox-secret, *auth-secret, *zoom-secrets], SERVICE: meeting,', '<<: [*app-env, *db-meeting, *outbox-secret, *auth-secret, *zoom-secrets, *mail-secrets], SERVICE: meeting,'), /compose meeting: gets secret SMTP_OAUTH2_CLIENT_SECRET, which it does not need/],
    ['a service on another service\'s database role', (s) => s.replace('<<: [*app-env, *db-meeting, *outbox-secret, *auth-secret, *zoom-secrets], SERVICE: meeting,', '<<: [*app-env, *db-organization, *outbox-secret, *auth-secret, *zoom-secrets], SERVICE: meeting,'), /compose meeting: DATABASE_URL connects as boardroom_organization, not its own role boardroom_meeting/],
  ];
  const prepared = cases.map(([name, mutate, expected]) => {
    const file = `${tmpName('compose')}.yml`;
    const changed = mutate(original);
    fs.writeFileSync(file, changed);
    return [name, changed !== original, register({ only: ['compose'], compose: file }), expected] as const;
  });
  it.each(prepared)('refuses %s', (_name, changed, report, expected) => {
    expect(changed).toBe(true);
    expect(report().compose.join('\n')).toMatch(expected);
  });

  const rendererOnPlainImage = register({ only: ['compose'], render: ['meeting'] });
  it('refuses a service that renders on the image without Chromium and LibreOffice', () => {
    expect(rendererOnPlainImage().compose.join('\n')).toMatch(/service meeting runs boardroom:local; it needs boardroom-render:local/);
  });
});

describe('Kubernetes rules', () => {
  const copyK8s = (): string => {
    const dir = tmpName('k8s');
    fs.cpSync(path.join(ROOT, 'k8s'), dir, { recursive: true });
    return dir;
  };
  /** true when the change changed something */
  const edit = (dir: string, file: string, change: (s: string) => string): boolean => {
    const p = path.join(dir, file);
    const before = fs.readFileSync(p, 'utf8');
    const after = change(before);
    fs.writeFileSync(p, after);
    return after !== before;
  };
  const cases: [string, string, (s: string) => string, RegExp][] = [
    ['replicas under an HPA', 'base/services/meeting.yaml', (s) => s.replace('  revisionHistoryLimit: 5', '  replicas: 2\n  revisionHistoryLimit: 5'), /Deployment boardroom-meeting sets replicas/],
    ['readiness on the old /health', 'base/services/meeting.yaml', (s) => s.replace('path: /health/ready', 'path: /health'), /readinessProbe must call \/health\/ready/],
    ['liveness that checks the dependencies', 'base/services/meeting.yaml', (s) => s.replace(/(livenessProbe:\n\s+httpGet: \{ path: )\/health\/live/, '$1/health/ready'), /livenessProbe must call \/health\/live/],
    ['a Deployment without its PodDisruptionBudget', 'base/services/meeting.yaml', (s) => s.replace(/---\napiVersion: policy\/v1\nkind: PodDisruptionBudget[\s\S]*?(?=---)/, ''), /boardroom-meeting has no PodDisruptionBudget/],
    ['a wrongly typed field (schema)', 'base/services/meeting.yaml', (s) => s.replace('revisionHistoryLimit: 5', 'revisionHistoryLimit: five'), /Deployment boardroom-meeting: .*revisionHistoryLimit must be integer/],
    ['an HTTPRoute port given as text (Gateway API schema)', 'base/httproute.yaml', (s) => s.replace('port: 80', 'port: "80"'), /HTTPRoute boardroom: .*port must be integer/],
    ['the owner credentials in a service', 'base/services/meeting.yaml', (s) => s.replace('- configMapRef: { name: boardroom-config }', '- configMapRef: { name: boardroom-config }\n            - secretRef: { name: boardroom-pg-owner }'), /boardroom-meeting: the database owner's credentials outside the migrate Job/],
    ['a service given all of boardroom-secrets', 'base/services/meeting.yaml', (s) => s.replace('- configMapRef: { name: boardroom-config }', '- configMapRef: { name: boardroom-config }\n            - secretRef: { name: boardroom-secrets }'), /Deployment boardroom-meeting: takes all of boardroom-secrets/],
    ['a service without one of its optional secrets', 'base/services/gateway.yaml', (s) => s.replace(/\n {12}- \{ name: QUEUE_DASHBOARD_PASSWORD, valueFrom[^\n]*/, ''), /Deployment boardroom-gateway: optional secret QUEUE_DASHBOARD_PASSWORD is not taken from boardroom-secrets \(optional: true\)/],
    ['an optional secret taken as required (the pod would not start without it)', 'base/services/notification.yaml', (s) => s.replace('key: DKIM_PRIVATE_KEY, optional: true', 'key: DKIM_PRIVATE_KEY'), /Deployment boardroom-notification: optional secret DKIM_PRIVATE_KEY is not taken from boardroom-secrets \(optional: true\)/],
    ['a planted extra secret', 'base/services/library.yaml', (s) => s.replace(/(\n {12}- \{ name: OUTBOX_KEY, valueFrom[^\n]*)/, '$1\n            - { name: DKIM_PRIVATE_KEY, valueFrom: { secretKeyRef: { name: boardroom-secrets, key: DKIM_PRIVATE_KEY, optional: true } } }'), /Deployment boardroom-library: gets secret DKIM_PRIVATE_KEY, which it does not need/],
    ['a service without one of its secrets', 'base/services/approval.yaml', (s) => s.replace(/\n {12}- \{ name: AUTH_SECRET, valueFrom[^\n]*/, ''), /Deployment boardroom-approval: secret AUTH_SECRET is not taken from boardroom-secrets/],
    ['a service open to every namespace', 'base/services/meeting.yaml', (s) => s.replace('kubernetes.io/metadata.name: monitoring', 'kubernetes.io/metadata.name: default'), /NetworkPolicy boardroom-meeting lets in traffic from default/],
    ['a renderer without its egress policy', 'base/services/library.yaml', (s) => s.replace(/---\napiVersion: networking.k8s.io\/v1\nkind: NetworkPolicy\nmetadata:\n {2}name: boardroom-library-egress[\s\S]*$/, ''), /Deployment boardroom-library renders uploaded files but has no egress NetworkPolicy/],
    ['a renderer that may reach the internet', 'base/services/library.yaml', (s) => s.replace('    # trace spans (OTEL_EXPORTER_OTLP_ENDPOINT)\n', '    - to:\n        - ipBlock: { cidr: 0.0.0.0/0 }\n    # trace spans (OTEL_EXPORTER_OTLP_ENDPOINT)\n'), /NetworkPolicy boardroom-library-egress lets boardroom-library reach \{"ipBlock":\{"cidr":"0\.0\.0\.0\/0"\}\}/],
    ['an Ingress with ingress-nginx annotations', 'base/httproute.yaml', (s) => `${s}---\napiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  name: old\n  annotations: { nginx.ingress.kubernetes.io/proxy-body-size: 60m }\nspec:\n  rules: []\n`, /Ingress old: use the Gateway API HTTPRoute/],
    ['a ServiceMonitor endpoint of the wrong type (prometheus-operator schema)', 'monitoring/servicemonitor.yaml', (s) => s.replace('interval: 15s', 'interval: 15'), /ServiceMonitor boardroom: .*interval must be string/],
    ['an overlay patch that matches nothing', 'overlays/production/kustomization.yaml', (s) => s.replace('name: boardroom-gateway }', 'name: boardroom-gatewy }'), /patch for HorizontalPodAutoscaler boardroom-gatewy matches nothing/],
    ['event streams with one copy on the cluster', 'base/kustomization.yaml', (s) => s.replace('NATS_STREAM_REPLICAS=3', 'NATS_STREAM_REPLICAS=1'), /NATS_STREAM_REPLICAS is 1; the event streams need 3 copies/],
    ['NATS clients without TLS', 'infra/nats.values.yaml', (s) => s.replace('  nats:\n    tls:\n      enabled: true', '  nats:\n    tls:\n      enabled: false'), /clients do not need TLS/],
    ['a NATS password written in the values', 'infra/nats.values.yaml', (s) => s.replace('password: << $NATS_PASSWORD_LIBRARY >>', 'password: hunter2'), /NATS user library: the password is not taken from the environment/],
    ['a NATS user that may do anything', 'infra/nats.values.yaml', (s) => s.replace(/(- user: library\n\s+password: [^\n]+\n\s+permissions:\n\s+publish:\n\s+allow:\n)/, '$1                - ">"\n'), /NATS user library may use >/],
    ['a service without a NATS user', 'infra/nats.values.yaml', (s) => s.replace('- user: minutes', '- user: minutes-old'), /no NATS user for minutes/],
    ['a Certificate without its Secret name', 'infra/nats-tls.certificate.yaml', (s) => s.replace('  secretName: nats-server-tls\n', ''), /Certificate nats-server-tls: spec.secretName is required/],
    ['Valkey without authentication', 'infra/valkey.values.yaml', (s) => s.replace('  enabled: true\n  usersExistingSecret', '  enabled: false\n  usersExistingSecret'), /valkey.values.yaml: authentication is off/],
    ['a Valkey user with every key', 'infra/valkey.values.yaml', (s) => s.replace(/resetkeys ~bull:library-[\w-]+:\*/, 'resetkeys ~*'), /Valkey user library may use every key or command/],
    ['a service without a Valkey user', 'infra/valkey.values.yaml', (s) => s.replace('    minutes:\n', '    minutes-old:\n'), /no Valkey user for minutes/],
    ['Redis values without noeviction', 'infra/valkey.values.yaml', (s) => s.replace('maxmemory-policy noeviction', 'maxmemory-policy allkeys-lru'), /eviction policy is not noeviction/],
    ['a PostgreSQL service role that bypasses RLS', 'infra/postgres-cluster.yaml', (s) => s.replace('bypassrls: false', 'bypassrls: true'), /role boardroom_organization: the application role must not be superuser or bypass RLS/],
    ['a service without its PostgreSQL role', 'infra/postgres-cluster.yaml', (s) => s.replace('- name: boardroom_minutes\n', '- name: boardroom_minutes_old\n'), /no role boardroom_minutes for the service minutes[\s\S]*role boardroom_minutes_old: no service connects as it/],
    ['a shared application role', 'infra/postgres-cluster.yaml', (s) => s.replace('    roles:\n', '    roles:\n      - { name: boardroom_app, ensure: present, login: true, passwordSecret: { name: boardroom-pg-app-role } }\n'), /role boardroom_app: no service connects as it/],
    ['a service role whose password is another\'s', 'infra/postgres-cluster.yaml', (s) => s.replace('passwordSecret: { name: boardroom-pg-role-library }', 'passwordSecret: { name: boardroom-pg-role-meeting }'), /role boardroom_library: its password must come from the Secret boardroom-pg-role-library/],
    ['a service on another service\'s database role', 'base/services/library.yaml', (s) => s.replace('postgres://boardroom_library:', 'postgres://boardroom_meeting:'), /Deployment boardroom-library: DATABASE_URL must connect as its own role boardroom_library, not boardroom_meeting/],
    ['a service with another service\'s database password', 'base/services/library.yaml', (s) => s.replace('name: boardroom-identity-library, key: pg }', 'name: boardroom-identity-meeting, key: pg }'), /Deployment boardroom-library: DATABASE_PASSWORD must be key pg of its own Secret boardroom-identity-library/],
    ['a service database URL without TLS', 'base/services/meeting.yaml', (s) => s.replace('/boardroom?sslmode=verify-full"', '/boardroom"'), /Deployment boardroom-meeting: DATABASE_URL must use TLS that checks the server \(sslmode=verify-full\)/],
    ['a service database URL that does not check the server', 'base/services/meeting.yaml', (s) => s.replace('sslmode=verify-full"', 'sslmode=require"'), /Deployment boardroom-meeting: DATABASE_URL must use TLS that checks the server/],
    ['NATS without TLS in the services\' config', 'base/kustomization.yaml', (s) => s.replace('NATS_URL=tls://', 'NATS_URL=nats://'), /boardroom-config NATS_URL is not tls:\/\//],
    ['Valkey without TLS in the services\' config', 'base/kustomization.yaml', (s) => s.replace('REDIS_URL=rediss://', 'REDIS_URL=redis://'), /boardroom-config REDIS_URL is not rediss:\/\//],
    ['the services without the internal CA', 'base/kustomization.yaml', (s) => s.replace(/\n\s+- TLS_CA_FILE=[^\n]*/, ''), /boardroom-config TLS_CA_FILE is not the mounted internal CA/],
    ['Valkey without TLS', 'infra/valkey.values.yaml', (s) => s.replace('tls:\n  enabled: true', 'tls:\n  enabled: false'), /valkey.values.yaml: clients do not need TLS/],
    ['Valkey TLS keys that cert-manager does not write', 'infra/valkey.values.yaml', (s) => s.replace('serverPublicKey: tls.crt', 'serverPublicKey: server.crt'), /valkey.values.yaml: tls keys are not cert-manager's/],
    ['PostgreSQL without its certificate', 'infra/postgres-cluster.yaml', (s) => s.replace(/ {2}certificates:\n[^\n]*\n[^\n]*\n/, ''), /spec.certificates.serverTLSSecret and serverCASecret are required/],
    ['PostgreSQL accepting connections without TLS', 'infra/postgres-cluster.yaml', (s) => s.replace('- hostnossl all all all reject', '- host all all all scram-sha-256'), /pg_hba must reject connections without TLS/],
    ['a Valkey Certificate without DNS names', 'infra/valkey-tls.certificate.yaml', (s) => s.replace(/ {2}dnsNames:\n( {4}- [^\n]*\n)+/, ''), /Certificate valkey-server-tls: spec.dnsNames must be a list of names/],
    ['a shared DATABASE_URL from boardroom-secrets', 'base/services/meeting.yaml', (s) => s.replace(/- \{ name: DATABASE_URL, value: [^\n]*/, '- { name: DATABASE_URL, valueFrom: { secretKeyRef: { name: boardroom-secrets, key: DATABASE_URL } } }'), /Deployment boardroom-meeting: DATABASE_URL must connect as its own role boardroom_meeting \(a value, not a shared secret\)/],
    ['a database URL in a service without a database', 'base/services/gateway.yaml', (s) => s.replace('- { name: NATS_USER, value: gateway }', '- { name: DATABASE_URL, value: "postgres://boardroom_meeting@db/boardroom" }\n            - { name: NATS_USER, value: gateway }'), /Deployment boardroom-gateway: gets a database URL or password, and has no database/],
  ];
  const prepared = cases.map(([name, file, change, expected]) => {
    const dir = copyK8s();
    const changed = edit(dir, file, change);
    return [name, changed, register({ only: ['k8s'], k8s: dir }), expected] as const;
  });
  it.each(prepared)('refuses %s', (_name, changed, report, expected) => {
    expect(changed).toBe(true);
    expect(report().k8s.join('\n')).toMatch(expected);
  });

  const withoutMeeting = register({ only: ['k8s'], services: SERVICES.filter((s) => s !== 'meeting') });
  it('refuses a Deployment for a service that does not exist (a restart loop)', () => {
    expect(withoutMeeting().k8s.join('\n')).toMatch(/Deployment for meeting, which does not exist/);
  });
});

describe('deploy/Dockerfile rules', () => {
  const original = fs.readFileSync(path.join(ROOT, 'deploy/Dockerfile'), 'utf8');
  const cases: [string, (s: string) => string, RegExp][] = [
    ['Node 20 (past its end of life)', (s) => s.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:20-slim'), /Node 20 is not a supported LTS/],
    ['an unpinned base image', (s) => s.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node'), /is not an official Node image pinned by version/],
    ['running as root', (s) => s.replace(/^USER node$/gm, 'USER root'), /stage runtime: runs as root/],
    ['sources copied into the runtime image', (s) => s.replace('COPY --from=prod-deps /out/app /app', 'COPY . /app'), /stage runtime: COPY from the build context/],
    ['dev dependencies copied from the build stage', (s) => s.replace('COPY --from=prod-deps /out/app /app', 'COPY --from=build /src /app'), /stage runtime: copies sources or dev dependencies from build/],
    ['TypeScript compiled at start', (s) => s.replace('exec node \\"services/$SERVICE/src/main.js\\"', 'exec node -r @swc-node/register \\"services/$SERVICE/src/main.ts\\"'), /starts TypeScript/],
    ['Chromium in every image', (s) => s.replace('FROM ${NODE_IMAGE} AS app\n', 'FROM ${NODE_IMAGE} AS app\nRUN apt-get update && apt-get install -y chromium\n'), /stage runtime: installs Chromium or LibreOffice/],
  ];
  const prepared = cases.map(([name, mutate, expected]) => {
    const file = tmpName('Dockerfile');
    const changed = mutate(original);
    fs.writeFileSync(file, changed);
    return [name, changed !== original, register({ only: ['dockerfile'], dockerfile: file }), expected] as const;
  });
  it.each(prepared)('refuses %s', (_name, changed, report, expected) => {
    expect(changed).toBe(true);
    expect(report().dockerfile.join('\n')).toMatch(expected);
  });
});
