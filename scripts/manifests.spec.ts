import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { egressProblems, identitySecret, K8sDoc, secretProblems, ServiceSecrets } from './lib/manifest-rules';

/**
 * Least privilege in what is deployed (issue 26; docs/security.md "Least privilege"): the manifests as rendered (each
 * overlay, and the data namespace k8s/infra, the way kustomize would: scripts/lib/deploy-validate.mjs
 * renderKustomization) give each Deployment only its own secrets, and every namespace denies egress by default. Each
 * rule is also shown to fail on a planted breach, planted into the rendered documents in memory.
 */
const ROOT = path.resolve(__dirname, '..');
const node = (code: string) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const SERVICES = JSON.parse(node("import { ALL_SERVICES } from './scripts/services.mjs'; console.log(JSON.stringify(ALL_SERVICES))")) as (ServiceSecrets & { render?: boolean })[];
const RENDERERS = SERVICES.filter((s) => s.render).map((s) => s.name);
const TARGETS = ['k8s/overlays/production', 'k8s/overlays/staging'];
const rendered = JSON.parse(
  node(
    `import { renderKustomization } from './scripts/lib/deploy-validate.mjs';
     const errors = [];
     const out = {};
     for (const dir of ${JSON.stringify(TARGETS)}) out[dir] = [...renderKustomization(dir, errors), ...renderKustomization('k8s/infra', errors)];
     if (errors.length) throw new Error(errors.join('\\n'));
     console.log(JSON.stringify(out));`,
  ),
) as Record<string, K8sDoc[]>;
const copy = (dir: string): K8sDoc[] => JSON.parse(JSON.stringify(rendered[dir])) as K8sDoc[];
type Container = { env: { name: string; value?: string; valueFrom?: unknown }[]; envFrom?: unknown[] };
type Pod = { containers: Container[]; volumes: unknown[] };
const appNamespace = (dir: string) => rendered[dir].find((d) => d.kind === 'Deployment')!.metadata!.namespace!;
const podOf = (docs: K8sDoc[], service: string): Pod => (docs.find((d) => d.kind === 'Deployment' && d.metadata?.name === `boardroom-${service}`)!.spec as { template: { spec: Pod } }).template.spec;

describe.each(TARGETS)('%s as rendered', (dir) => {
  it('has a Deployment for every service and the data namespace', () => {
    expect(rendered[dir].filter((d) => d.kind === 'Deployment').length).toBe(SERVICES.length);
    expect(new Set(rendered[dir].map((d) => d.metadata?.namespace))).toEqual(new Set([appNamespace(dir), 'boardroom-data']));
  });

  it('each Deployment reads only its own secrets', () => {
    expect(secretProblems(rendered[dir], SERVICES)).toEqual([]);
  });

  it('each Deployment reads its NATS and Valkey passwords from its own identity Secret', () => {
    for (const s of SERVICES) {
      const env = podOf(rendered[dir], s.name).containers[0].env;
      expect(env.find((e) => e.name === 'NATS_USER')?.value).toBe(s.name);
      expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom).toEqual({ secretKeyRef: { name: `boardroom-identity-${s.name}`, key: 'nats' } });
      expect(env.find((e) => e.name === 'REDIS_USER')?.value).toBe(s.name);
      expect(env.find((e) => e.name === 'REDIS_PASSWORD')?.valueFrom).toEqual({ secretKeyRef: { name: `boardroom-identity-${s.name}`, key: 'redis' } });
    }
  });

  it('every service reaches NATS, Valkey and PostgreSQL over TLS checked against the mounted internal CA', () => {
    const config = rendered[dir].find((d) => d.kind === 'ConfigMap' && d.metadata?.name?.startsWith('boardroom-config')) as { data: Record<string, string> };
    expect(config.data.NATS_URL).toMatch(/^tls:\/\//);
    expect(config.data.REDIS_URL).toMatch(/^rediss:\/\//);
    expect(config.data.TLS_CA_FILE).toBe('/etc/boardroom/ca/ca.crt');
    for (const s of SERVICES) {
      const pod = podOf(rendered[dir], s.name) as Pod & { containers: { volumeMounts: { name: string; mountPath: string }[] }[] };
      expect(pod.containers[0].volumeMounts).toContainEqual(expect.objectContaining({ name: 'internal-ca', mountPath: '/etc/boardroom/ca' }));
      const url = pod.containers[0].env.find((e) => e.name === 'DATABASE_URL')?.value;
      if (url) expect(url).toMatch(/\?sslmode=verify-full$/);
    }
  });

  it('each Deployment with a database connects as its own PostgreSQL role with its own password; the cluster manages exactly those roles', () => {
    const withDb = SERVICES.filter((s) => (s.secrets ?? []).includes('DATABASE_URL'));
    for (const s of SERVICES) {
      const env = podOf(rendered[dir], s.name).containers[0].env;
      if (!withDb.includes(s)) {
        expect(env.filter((e) => e.name.startsWith('DATABASE_'))).toEqual([]);
        continue;
      }
      expect(env.find((e) => e.name === 'DATABASE_PASSWORD')?.valueFrom).toEqual({ secretKeyRef: { name: `boardroom-identity-${s.name}`, key: 'pg' } });
      expect(env.find((e) => e.name === 'DATABASE_URL')?.value).toMatch(new RegExp(`^postgres://boardroom_${s.name}:\\$\\(DATABASE_PASSWORD\\)@boardroom-pg-rw\\.boardroom-data\\.svc:5432/boardroom\\?sslmode=verify-full$`));
    }
    const cluster = rendered[dir].find((d) => d.kind === 'Cluster')!.spec as { managed: { roles: { name: string; login: boolean; superuser: boolean; bypassrls: boolean; passwordSecret: { name: string } }[] } };
    expect(cluster.managed.roles.map((r) => ({ name: r.name, login: r.login, superuser: r.superuser, bypassrls: r.bypassrls, secret: r.passwordSecret.name })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      withDb.map((s) => ({ name: `boardroom_${s.name}`, login: true, superuser: false, bypassrls: false, secret: `boardroom-pg-role-${s.name}` })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('every namespace denies egress by default, every Deployment has its own egress policy, renderers reach no address block', () => {
    expect(egressProblems(rendered[dir], RENDERERS)).toEqual([]);
  });

  const plants: [string, (docs: K8sDoc[]) => void, RegExp][] = [
    [
      "another service's key of boardroom-secrets (AUTH_SECRET in library)",
      (docs) => podOf(docs, 'library').containers[0].env.push({ name: 'AUTH_SECRET', valueFrom: { secretKeyRef: { name: 'boardroom-secrets', key: 'AUTH_SECRET' } } }),
      /Deployment boardroom-library: reads boardroom-secrets\/AUTH_SECRET/,
    ],
    [
      "another service's NATS password (meeting's in library)",
      (docs) => podOf(docs, 'library').containers[0].env.push({ name: 'OTHER', valueFrom: { secretKeyRef: { name: identitySecret('meeting'), key: 'nats' } } }),
      /Deployment boardroom-library: reads boardroom-identity-meeting\/nats/,
    ],
    [
      "another service's Valkey password (notification's in library)",
      (docs) => podOf(docs, 'library').containers[0].env.push({ name: 'REDIS_PASSWORD', valueFrom: { secretKeyRef: { name: identitySecret('notification'), key: 'redis' } } }),
      /Deployment boardroom-library: reads boardroom-identity-notification\/redis/,
    ],
    [
      "another service's PostgreSQL password (meeting's in library)",
      (docs) => podOf(docs, 'library').containers[0].env.push({ name: 'DATABASE_PASSWORD', valueFrom: { secretKeyRef: { name: identitySecret('meeting'), key: 'pg' } } }),
      /Deployment boardroom-library: reads boardroom-identity-meeting\/pg/,
    ],
    [
      "another service's whole identity Secret as a volume (the gateway's in meeting)",
      (docs) => podOf(docs, 'meeting').volumes.push({ name: 'ids', secret: { secretName: identitySecret('gateway') } }),
      /Deployment boardroom-meeting: mounts Secret boardroom-identity-gateway/,
    ],
    [
      'an extra Secret by name',
      (docs) => podOf(docs, 'minutes').containers[0].env.push({ name: 'X', valueFrom: { secretKeyRef: { name: 'boardroom-pg-owner', key: 'uri' } } }),
      /Deployment boardroom-minutes: reads boardroom-pg-owner\/uri/,
    ],
    ['a whole Secret (envFrom)', (docs) => (podOf(docs, 'gateway').containers[0].envFrom ??= []).push({ secretRef: { name: 'boardroom-secrets' } }), /Deployment boardroom-gateway: takes all of Secret boardroom-secrets/],
    ['a Secret volume', (docs) => podOf(docs, 'presentation').volumes.push({ name: 'keys', secret: { secretName: 'boardroom-secrets' } }), /Deployment boardroom-presentation: mounts Secret boardroom-secrets/],
    [
      'a key under another name (SMTP_URL read as LOG_LEVEL)',
      (docs) => podOf(docs, 'notification').containers[0].env.push({ name: 'LOG_LEVEL', valueFrom: { secretKeyRef: { name: 'boardroom-secrets', key: 'SMTP_URL' } } }),
      /Deployment boardroom-notification: reads boardroom-secrets\/SMTP_URL \(as LOG_LEVEL\)/,
    ],
  ];
  it.each(plants)('fails on a planted extra secret: %s', (_name, plant, expected) => {
    const docs = copy(dir);
    plant(docs);
    expect(secretProblems(docs, SERVICES).join('\n')).toMatch(expected);
  });

  const holes: [string, (docs: K8sDoc[]) => K8sDoc[], RegExp][] = [
    ['the app namespace without its default deny', (docs) => docs.filter((d) => d.metadata?.name !== 'boardroom-default-deny-egress'), /namespace boardroom(-staging)?: no default-deny egress/],
    ['the data namespace without its default deny', (docs) => docs.filter((d) => d.metadata?.name !== 'boardroom-data-default-deny-egress'), /namespace boardroom-data: no default-deny egress/],
    ['a service without its egress policy', (docs) => docs.filter((d) => d.metadata?.name !== 'boardroom-meeting-egress'), /Deployment boardroom-meeting: no egress NetworkPolicy of its own/],
    [
      'a renderer let out to an address block',
      (docs) => {
        const p = docs.find((d) => d.metadata?.name === 'boardroom-minutes-egress')!.spec as { egress: unknown[] };
        p.egress.push({ to: [{ ipBlock: { cidr: '0.0.0.0/0' } }] });
        return docs;
      },
      /Deployment boardroom-minutes: boardroom-minutes-egress lets a renderer reach 0\.0\.0\.0\/0/,
    ],
  ];
  it.each(holes)('fails on %s', (_name, change, expected) => {
    expect(egressProblems(change(copy(dir)), RENDERERS).join('\n')).toMatch(expected);
  });
});
