#!/usr/bin/env node
/**
 * Static checks of what an operator deploys, run by `npm test` (scripts/deploy-check.spec.ts, unit tier) and by hand:
 *
 *   node scripts/lib/deploy-validate.mjs            report on docker-compose.yml, k8s/ and deploy/Dockerfile
 *   node scripts/lib/deploy-validate.mjs --json [--only compose,k8s,dockerfile] [--compose FILE] [--k8s DIR]
 *                                        [--dockerfile FILE] [--services a,b]
 *   node scripts/lib/deploy-validate.mjs --batch checks.json     many checks in one process (JSON list in, out)
 *
 * Compose: the Compose specification's JSON schema (as the npm package dclint ships it; Ajv), then the
 * house rules (pinned images, ports on 127.0.0.1, Redis AOF + noeviction, NATS JetStream on a volume, exactly the
 * services that exist, no MinIO).
 * Kubernetes: every YAML document under k8s/ (kustomizations and Helm values apart), and each overlay rendered the
 * way kustomize would for what it uses here (resources, namespace, images, JSON 6902 patches, literal
 * configMapGenerator), against the Kubernetes OpenAPI schemas compiled in kubernetes-models; HTTPRoute against
 * @kubernetes-models/gateway-api, ServiceMonitor and PrometheusRule against @kubernetes-models/prometheus-operator;
 * CloudNativePG's Cluster has no schema on npm: structural checks. Then the house rules (no replicas under an HPA,
 * a PDB and a NetworkPolicy per Deployment, live/ready/startup probes, the owner's credentials only in the migrate
 * Job, no Ingress).
 * Dockerfile: parsed into stages; a supported Node LTS, non-root final stages, compiled JavaScript, production
 * dependencies only, Chromium and LibreOffice only in the render stage. No Docker engine here: nothing is built.
 * The schemas' own objects allow unknown fields (as the API server's OpenAPI does); a misspelt field is not caught.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { ALL_SERVICES } from '../services.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rel = (p) => path.relative(ROOT, p) || p;

/* ------------------------------------------------ YAML ------------------------------------------------------ */
function parseDocs(text, where) {
  const docs = YAML.parseAllDocuments(text, { merge: true });
  const out = [];
  for (const d of docs) {
    if (d.errors.length) throw new Error(`${where}: ${d.errors[0].message}`);
    const v = d.toJS({ maxAliasCount: -1 });
    if (v != null) out.push(v);
  }
  return out;
}

/* ------------------------------------------------ Compose --------------------------------------------------- */
let composeValidator;
/**
 * The Compose specification's JSON schema (compose-spec/compose-spec, Apache-2.0) as the npm package dclint (MIT)
 * ships it in schemas/compose.schema.json: nothing is downloaded at test time.
 */
function composeSchemaValidator() {
  if (composeValidator) return composeValidator;
  const Ajv = require('ajv').default;
  // the package's exports do not list the file: find it beside package.json
  const dir = path.dirname(require.resolve('dclint/package.json'));
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schemas', 'compose.schema.json'), 'utf8'));
  delete schema.$schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  composeValidator = ajv.compile(schema);
  return composeValidator;
}

const imageTag = (image) => {
  const at = image.indexOf('@');
  if (at >= 0) return { digest: image.slice(at + 1) };
  const slash = image.lastIndexOf('/');
  const colon = image.indexOf(':', slash + 1);
  return { tag: colon >= 0 ? image.slice(colon + 1) : undefined };
};

/**
 * @param {string} text docker-compose.yml
 * @param {{ services: string[], render?: string[] }} opts the services that exist and those that render
 *        (scripts/services.mjs `render: true`)
 * @returns {string[]} problems (empty: valid)
 */
export function validateCompose(text, { services, render = [] }) {
  const errors = [];
  let doc;
  try {
    [doc] = parseDocs(text, 'compose');
  } catch (e) {
    return [`compose: not YAML: ${e.message}`];
  }
  const validate = composeSchemaValidator();
  if (!validate(doc)) for (const e of validate.errors) errors.push(`compose schema: ${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`);
  const svcs = doc?.services ?? {};
  const built = new Set(['boardroom:local', 'boardroom-render:local']);
  for (const [name, s] of Object.entries(svcs)) {
    const image = s.image;
    if (!image) errors.push(`compose ${name}: no image`);
    else if (!built.has(image)) {
      const { tag, digest } = imageTag(image);
      if (!digest && (!tag || tag === 'latest')) errors.push(`compose ${name}: image ${image} is not pinned by tag or digest`);
      if (/(^|\/)minio\//.test(image) || image.startsWith('minio/')) errors.push(`compose ${name}: MinIO images are no longer published; use the S3 server of docs/decisions.md`);
    }
    for (const p of s.ports ?? []) {
      const text = typeof p === 'string' ? p : `${p.host_ip ?? ''}:${p.published ?? ''}:${p.target}`;
      if (!(typeof p === 'string' ? p.startsWith('127.0.0.1:') : p.host_ip === '127.0.0.1')) errors.push(`compose ${name}: port ${text} is not bound to 127.0.0.1`);
    }
  }
  const redisCmd = [svcs.redis?.command ?? []].flat().join(' ');
  if (!svcs.redis) errors.push('compose: no redis service');
  else {
    if (!/--appendonly\s+yes/.test(redisCmd)) errors.push('compose redis: append-only persistence is off (--appendonly yes)');
    if (!/--maxmemory-policy\s+noeviction/.test(redisCmd)) errors.push('compose redis: eviction policy is not noeviction');
    if (!(svcs.redis.volumes ?? []).some((v) => String(typeof v === 'string' ? v : v.target).includes('/data'))) errors.push('compose redis: /data is not on a volume');
    // the services' ACL users (deploy/redis/acl.sh with the rules scripts/identities.ts generates), never the open default user
    const mounts = (svcs.redis.volumes ?? []).map((v) => String(typeof v === 'string' ? v : `${v.source}:${v.target}`));
    const entry = [svcs.redis.entrypoint ?? []].flat().join(' ');
    if (!/\/boardroom\/acl\.sh$/.test(entry) || !mounts.some((m) => m.startsWith('./deploy/redis/acl.sh:/boardroom/acl.sh')) || !mounts.some((m) => m.startsWith('./deploy/identities/valkey-users.acl:/boardroom/valkey-users.acl'))) {
      errors.push('compose redis: not started with the services\' ACL users (entrypoint deploy/redis/acl.sh, deploy/identities/valkey-users.acl mounted)');
    }
    for (const s of services) if (!String(svcs.redis.environment?.[`REDIS_PASSWORD_${s.toUpperCase().replace(/-/g, '_')}`] ?? '')) errors.push(`compose redis: no password for the Redis user ${s} (REDIS_PASSWORD_${s.toUpperCase().replace(/-/g, '_')})`);
  }
  const natsCmd = [svcs.nats?.command ?? []].flat().join(' ');
  if (!svcs.nats) errors.push('compose: no nats service');
  else {
    const sd = /(?:-sd|--store_dir)\s+(\S+)/.exec(natsCmd)?.[1];
    if (!/(^|\s)(-js|--jetstream)(\s|$)/.test(natsCmd)) errors.push('compose nats: JetStream is off (-js)');
    if (!sd) errors.push('compose nats: JetStream has no store directory (-sd)');
    else if (!(svcs.nats.volumes ?? []).some((v) => String(typeof v === 'string' ? v.split(':')[1] : v.target) === sd)) errors.push(`compose nats: the JetStream store ${sd} is not on a volume`);
  }
  const appServices = Object.entries(svcs)
    .filter(([, s]) => s.environment && typeof s.environment === 'object' && !Array.isArray(s.environment) && s.environment.SERVICE)
    .map(([, s]) => String(s.environment.SERVICE));
  for (const s of services) if (!appServices.includes(s)) errors.push(`compose: service ${s} exists (scripts/services.mjs) but has no entry`);
  for (const [, s] of Object.entries(svcs)) {
    const env = s.environment && !Array.isArray(s.environment) ? s.environment : {};
    if (!env.SERVICE) continue;
    const wants = render.includes(String(env.SERVICE)) ? 'boardroom-render:local' : 'boardroom:local';
    if (s.image !== wants) errors.push(`compose: service ${env.SERVICE} runs ${s.image}; it needs ${wants} (${wants.includes('render') ? 'it renders' : 'no Chromium or LibreOffice'}: scripts/services.mjs render)`);
  }
  for (const s of appServices) if (!services.includes(s)) errors.push(`compose: service ${s} has an entry but no services/${s}/src/main.ts (a restart loop)`);
  for (const [name, s] of Object.entries(svcs)) {
    const env = s.environment && !Array.isArray(s.environment) ? s.environment : {};
    if (env.SERVICE && env.DATABASE_ADMIN_URL) errors.push(`compose ${name}: a service gets the database owner's URL (only migrate may)`);
    // each service gets exactly the secrets it needs (scripts/services.mjs `secrets`): none missing, none of another's
    const svc = ALL_SERVICES.find((x) => x.name === String(env.SERVICE));
    if (!svc) continue;
    for (const k of svc.secrets ?? []) if (env[k] === undefined || env[k] === '') errors.push(`compose ${name}: secret ${k} is not in its environment (scripts/services.mjs secrets)`);
    // and to Redis as its own ACL user with its own password, no other's
    const redisVar = (n) => `REDIS_PASSWORD_${n.toUpperCase().replace(/-/g, '_')}`;
    if (env.REDIS_USER !== svc.name || !String(env.REDIS_PASSWORD ?? '').startsWith(`\${${redisVar(svc.name)}:`)) errors.push(`compose ${name}: does not connect to Redis as its own user ${svc.name} with ${redisVar(svc.name)}`);
    for (const [k, v] of Object.entries(env)) if (k !== 'REDIS_PASSWORD' && (/^REDIS_PASSWORD_/.test(k) || (String(v).includes('${REDIS_PASSWORD_') && !String(v).startsWith(`\${${redisVar(svc.name)}:`)))) errors.push(`compose ${name}: gets another Redis user's password (${k})`);
    // each service connects as its own PostgreSQL role (docs/operations.md "Who may talk to whom")
    const dbUser = /^postgres(?:ql)?:\/\/([^:@/]+)[:@]/.exec(String(env.DATABASE_URL ?? ''))?.[1];
    if ((svc.secrets ?? []).includes('DATABASE_URL') && dbUser !== `boardroom_${svc.name}`) errors.push(`compose ${name}: DATABASE_URL connects as ${dbUser ?? '?'}, not its own role boardroom_${svc.name}`);
    // an optional secret is passed through (`${NAME:-}`: empty is off) so that setting it in .env reaches the service
    for (const k of svc.optionalSecrets ?? []) if (env[k] === undefined) errors.push(`compose ${name}: optional secret ${k} is not in its environment (scripts/services.mjs optionalSecrets)`);
    // the service's own Node options (scripts/services.mjs nodeOptions) after the image's, as its k8s manifest has them
    if (svc.nodeOptions?.length && env.NODE_OPTIONS !== ['--enable-source-maps', ...svc.nodeOptions].join(' ')) errors.push(`compose ${name}: NODE_OPTIONS is not the image's --enable-source-maps and its own ${svc.nodeOptions.join(' ')} (scripts/services.mjs nodeOptions)`);
    const allSecrets = new Set(ALL_SERVICES.flatMap((x) => [...(x.secrets ?? []), ...(x.optionalSecrets ?? [])]));
    for (const k of Object.keys(env)) if (allSecrets.has(k) && !(svc.secrets ?? []).includes(k) && !(svc.optionalSecrets ?? []).includes(k)) errors.push(`compose ${name}: gets secret ${k}, which it does not need`);
  }
  return errors;
}

/* ------------------------------------------------ Kubernetes ------------------------------------------------ */
const MODULES = {
  v1: 'kubernetes-models/v1',
  'apps/v1': 'kubernetes-models/apps/v1',
  'batch/v1': 'kubernetes-models/batch/v1',
  'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  'policy/v1': 'kubernetes-models/policy/v1',
  'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
  'gateway.networking.k8s.io/v1': '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};

/** CRDs without a schema package on npm: the fields this repository relies on */
const STRUCTURAL = {
  'cert-manager.io/v1/Certificate': (d) => {
    const e = [];
    const s = d.spec ?? {};
    if (typeof s.secretName !== 'string' || !s.secretName) e.push('spec.secretName is required');
    if (!Array.isArray(s.dnsNames) || !s.dnsNames.length || s.dnsNames.some((n) => typeof n !== 'string')) e.push('spec.dnsNames must be a list of names');
    if (typeof s.issuerRef?.name !== 'string') e.push('spec.issuerRef.name is required');
    for (const k of ['duration', 'renewBefore']) if (s[k] !== undefined && !/^(\d+(\.\d+)?(h|m|s))+$/.test(String(s[k]))) e.push(`spec.${k} must be a Go duration (e.g. 2160h)`);
    const allowed = new Set(['secretName', 'dnsNames', 'issuerRef', 'duration', 'renewBefore', 'privateKey', 'usages', 'commonName', 'ipAddresses', 'uris', 'isCA', 'subject', 'secretTemplate']);
    for (const k of Object.keys(s)) if (!allowed.has(k)) e.push(`spec.${k} is not a Certificate field this check knows`);
    return e;
  },
  'postgresql.cnpg.io/v1/Cluster': (d) => {
    const e = [];
    const s = d.spec ?? {};
    if (!Number.isInteger(s.instances) || s.instances < 1) e.push('spec.instances must be a positive integer');
    if (typeof s.imageName !== 'string' || !imageTag(s.imageName).tag) e.push('spec.imageName must be a pinned image');
    if (!s.storage?.size) e.push('spec.storage.size is required');
    if (!s.bootstrap?.initdb?.database || !s.bootstrap?.initdb?.owner) e.push('spec.bootstrap.initdb needs database and owner');
    for (const r of s.managed?.roles ?? []) {
      if (typeof r.name !== 'string') e.push('spec.managed.roles[].name is required');
      if (r.superuser || r.bypassrls) e.push(`role ${r.name}: the application role must not be superuser or bypass RLS`);
    }
    e.push(...databaseRoleErrors(s.managed?.roles ?? []));
    // TLS from cert-manager's certificate (postgres-tls.certificate.yaml), and no connection without TLS
    if (!s.certificates?.serverTLSSecret || !s.certificates?.serverCASecret) e.push('spec.certificates.serverTLSSecret and serverCASecret are required (the server certificate from cert-manager)');
    if (!(s.postgresql?.pg_hba ?? []).some((l) => /^hostnossl\s+all\s+all\s+all\s+reject$/.test(String(l).trim()))) e.push('spec.postgresql.pg_hba must reject connections without TLS (hostnossl all all all reject)');
    const allowed = new Set(['certificates', 'instances', 'imageName', 'primaryUpdateStrategy', 'minSyncReplicas', 'maxSyncReplicas', 'postgresql', 'bootstrap', 'managed', 'storage', 'walStorage', 'resources', 'affinity', 'monitoring', 'backup', 'plugins', 'enableSuperuserAccess', 'description']);
    for (const k of Object.keys(s)) if (!allowed.has(k)) e.push(`spec.${k} is not a Cluster field this check knows`);
    return e;
  },
};

/**
 * One PostgreSQL role per service with a database (docs/operations.md "Who may talk to whom"): the cluster manages
 * `boardroom_<service>` for each (login, its password from the Secret boardroom-pg-role-<service>) and no other role
 * (a shared application role would reach every schema the grants gave it).
 */
const DB_SERVICES = ALL_SERVICES.filter((x) => (x.secrets ?? []).includes('DATABASE_URL')).map((x) => x.name);
function databaseRoleErrors(roles) {
  const e = [];
  for (const name of DB_SERVICES) {
    const r = roles.find((x) => x.name === `boardroom_${name}`);
    if (!r) e.push(`no role boardroom_${name} for the service ${name} (each service connects as its own role)`);
    else {
      if (r.login !== true || r.ensure === 'absent') e.push(`role boardroom_${name}: the service's role must be present and log in`);
      if (r.passwordSecret?.name !== `boardroom-pg-role-${name}`) e.push(`role boardroom_${name}: its password must come from the Secret boardroom-pg-role-${name}`);
    }
  }
  for (const r of roles) if (!DB_SERVICES.some((n) => r.name === `boardroom_${n}`) && r.ensure !== 'absent') e.push(`role ${r.name}: no service connects as it (one role per service: boardroom_<service>)`);
  return e;
}

async function schemaErrors(doc) {
  const id = `${doc.apiVersion}/${doc.kind}`;
  if (STRUCTURAL[id]) return STRUCTURAL[id](doc);
  const mod = MODULES[doc.apiVersion];
  if (!mod) return [`no schema for apiVersion ${doc.apiVersion}`];
  const models = await import(mod);
  const Model = models[doc.kind];
  if (!Model) return [`no schema for ${id}`];
  try {
    new Model(doc).validate();
    return [];
  } catch (e) {
    return [String(e.message ?? e).split('\n')[0]];
  }
}

function walkYaml(dir, acc = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkYaml(p, acc);
    else if (/\.ya?ml$/.test(e.name)) acc.push(p);
  }
  return acc.sort();
}
const isKustomization = (f) => /^kustomization\.ya?ml$/.test(path.basename(f));
const isHelmValues = (f) => /\.values\.ya?ml$/.test(path.basename(f));

/** what kustomize would produce for the parts this repository uses (no hashes on generated names) */
export function renderKustomization(dir, errors) {
  const kfile = ['kustomization.yaml', 'kustomization.yml'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  if (!kfile) {
    errors.push(`${rel(dir)}: no kustomization.yaml`);
    return [];
  }
  const k = parseDocs(fs.readFileSync(kfile, 'utf8'), rel(kfile))[0] ?? {};
  let docs = [];
  for (const r of k.resources ?? []) {
    const p = path.join(dir, r);
    if (!fs.existsSync(p)) errors.push(`${rel(kfile)}: resource ${r} does not exist`);
    else if (fs.statSync(p).isDirectory()) docs.push(...renderKustomization(p, errors));
    else docs.push(...parseDocs(fs.readFileSync(p, 'utf8'), rel(p)));
  }
  for (const g of k.configMapGenerator ?? []) {
    const data = {};
    for (const l of g.literals ?? []) {
      const i = l.indexOf('=');
      data[l.slice(0, i)] = l.slice(i + 1);
    }
    for (const f of g.files ?? []) {
      const p = path.join(dir, f);
      if (!fs.existsSync(p)) errors.push(`${rel(kfile)}: configMapGenerator file ${f} does not exist`);
      else data[path.basename(f)] = fs.readFileSync(p, 'utf8');
    }
    const existing = docs.find((d) => d.kind === 'ConfigMap' && d.metadata?.name === g.name);
    if (g.behavior === 'merge') {
      if (!existing) errors.push(`${rel(kfile)}: configMapGenerator ${g.name} merges into a ConfigMap that does not exist`);
      else Object.assign(existing.data, data);
    } else {
      docs.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: g.name, ...(g.options?.labels ? { labels: g.options.labels } : {}) }, data });
    }
  }
  for (const p of k.patches ?? []) {
    const t = p.target ?? {};
    const targets = docs.filter((d) => (!t.kind || d.kind === t.kind) && (!t.name || d.metadata?.name === t.name));
    if (!targets.length) errors.push(`${rel(kfile)}: patch for ${t.kind ?? '*'} ${t.name ?? '*'} matches nothing`);
    const ops = YAML.parse(p.patch ?? '[]');
    docs = docs.map((d) => {
      if (!targets.includes(d)) return d;
      try {
        return applyJsonPatch(d, ops);
      } catch (e) {
        errors.push(`${rel(kfile)}: patch on ${d.kind} ${d.metadata?.name}: ${e.message}`);
        return d;
      }
    });
  }
  for (const img of k.images ?? []) {
    for (const d of docs) {
      for (const c of podSpec(d)?.containers ?? []) {
        if (c.image === img.name) c.image = `${img.newName ?? img.name}${img.digest ? `@${img.digest}` : img.newTag ? `:${img.newTag}` : ''}`;
      }
    }
  }
  if (k.namespace) for (const d of docs) d.metadata = { ...d.metadata, namespace: k.namespace };
  for (const l of k.labels ?? []) for (const d of docs) d.metadata = { ...d.metadata, labels: { ...(d.metadata?.labels ?? {}), ...l.pairs } };
  return docs;
}

function applyJsonPatch(doc, ops) {
  const out = structuredClone(doc);
  for (const op of ops) {
    const parts = op.path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let parent = out;
    for (const k of parts) {
      if (parent[k] === undefined) throw new Error(`${op.op} ${op.path}: no such path`);
      parent = parent[k];
    }
    if (op.op === 'add') {
      if (Array.isArray(parent)) parent.splice(last === '-' ? parent.length : Number(last), 0, op.value);
      else parent[last] = op.value;
    } else if (op.op === 'replace' || op.op === 'remove') {
      if (!(last in parent)) throw new Error(`${op.op} ${op.path}: no such path`);
      if (op.op === 'replace') parent[last] = op.value;
      else if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else throw new Error(`unsupported op ${op.op}`);
  }
  return out;
}

const podSpec = (d) => (d.kind === 'Deployment' || d.kind === 'Job' ? d.spec?.template?.spec : undefined);

/** house rules over a set of documents that are deployed together */
export function policyErrors(docs, where) {
  const e = [];
  const named = (kind) => docs.filter((d) => d.kind === kind);
  const selects = (d, labels) => Object.entries(d.spec?.selector?.matchLabels ?? d.spec?.podSelector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  for (const d of docs) {
    if (d.kind === 'Ingress') e.push(`${where}: Ingress ${d.metadata?.name}: use the Gateway API HTTPRoute`);
    const ann = Object.keys(d.metadata?.annotations ?? {});
    if (ann.some((a) => a.startsWith('nginx.ingress.kubernetes.io/'))) e.push(`${where}: ${d.kind} ${d.metadata?.name}: ingress-nginx annotations`);
    const spec = podSpec(d);
    if (!spec) continue;
    if (!spec.securityContext?.runAsNonRoot) e.push(`${where}: ${d.kind} ${d.metadata?.name}: runAsNonRoot is not set`);
    for (const c of spec.containers ?? []) {
      const refs = [...(c.env ?? []).map((x) => x.valueFrom?.secretKeyRef?.name), ...(c.envFrom ?? []).map((x) => x.secretRef?.name)].filter(Boolean);
      const ownerEnv = (c.env ?? []).some((x) => x.name === 'DATABASE_ADMIN_URL');
      const isMigrate = d.kind === 'Job' && d.metadata?.labels?.['app.kubernetes.io/component'] === 'migrate';
      if ((refs.includes('boardroom-pg-owner') || ownerEnv) && !isMigrate) e.push(`${where}: ${d.kind} ${d.metadata?.name}: the database owner's credentials outside the migrate Job`);
      if (isMigrate && refs.some((r) => r !== 'boardroom-pg-owner')) e.push(`${where}: migrate Job reads secrets other than boardroom-pg-owner`);
    }
    if (d.kind !== 'Deployment') continue;
    const name = d.metadata?.name;
    // each service's secrets by name from boardroom-secrets (scripts/services.mjs `secrets`), never the whole secret
    const svc = ALL_SERVICES.find((x) => `boardroom-${x.name}` === name);
    for (const c of spec.containers ?? []) {
      if ((c.envFrom ?? []).some((x) => x.secretRef?.name === 'boardroom-secrets')) e.push(`${where}: Deployment ${name}: takes all of boardroom-secrets (list its secrets by name)`);
      const fromSecret = new Map((c.env ?? []).filter((x) => x.valueFrom?.secretKeyRef?.name === 'boardroom-secrets').map((x) => [x.name, x.valueFrom.secretKeyRef]));
      // the database as the service's own role, with its own password (boardroom-identity-<service> pg), never a shared URL,
      // over TLS that checks the server (sslmode=verify-full)
      const dbUrl = (c.env ?? []).find((x) => x.name === 'DATABASE_URL');
      const dbPassword = (c.env ?? []).find((x) => x.name === 'DATABASE_PASSWORD');
      if (svc && (svc.secrets ?? []).includes('DATABASE_URL')) {
        const role = `boardroom_${svc.name}`;
        const user = /^postgres(?:ql)?:\/\/([^:@/]+)[:@]/.exec(String(dbUrl?.value ?? ''))?.[1];
        if (user !== role) e.push(`${where}: Deployment ${name}: DATABASE_URL must connect as its own role ${role}${user ? `, not ${user}` : ' (a value, not a shared secret)'}`);
        else if (!String(dbUrl.value).includes(':$(DATABASE_PASSWORD)@')) e.push(`${where}: Deployment ${name}: DATABASE_URL must take its password from DATABASE_PASSWORD`);
        if (user === role && !/[?&]sslmode=verify-full(&|$)/.test(String(dbUrl.value))) e.push(`${where}: Deployment ${name}: DATABASE_URL must use TLS that checks the server (sslmode=verify-full)`);
        const ref = dbPassword?.valueFrom?.secretKeyRef;
        if (ref?.name !== `boardroom-identity-${svc.name}` || ref?.key !== 'pg') e.push(`${where}: Deployment ${name}: DATABASE_PASSWORD must be key pg of its own Secret boardroom-identity-${svc.name}`);
      } else if (svc && (dbUrl || dbPassword)) e.push(`${where}: Deployment ${name}: gets a database URL or password, and has no database`);
      for (const k of (svc?.secrets ?? []).filter((x) => x !== 'DATABASE_URL')) {
        const ref = fromSecret.get(k);
        if (!ref || ref.key !== k || ref.optional) e.push(`${where}: Deployment ${name}: secret ${k} is not taken from boardroom-secrets (required) (scripts/services.mjs secrets)`);
      }
      // an optional secret by name and optional: true (the pod starts without the key; the feature is then off)
      for (const k of svc?.optionalSecrets ?? []) {
        const ref = fromSecret.get(k);
        if (!ref || ref.key !== k || ref.optional !== true) e.push(`${where}: Deployment ${name}: optional secret ${k} is not taken from boardroom-secrets (optional: true) (scripts/services.mjs optionalSecrets)`);
      }
      // and nothing of boardroom-secrets it does not use
      const own = new Set([...(svc?.secrets ?? []), ...(svc?.optionalSecrets ?? [])]);
      for (const k of fromSecret.keys()) if (svc && !own.has(k)) e.push(`${where}: Deployment ${name}: gets secret ${k}, which it does not need`);
    }
    const labels = d.spec?.template?.metadata?.labels ?? {};
    if ('replicas' in (d.spec ?? {})) e.push(`${where}: Deployment ${name} sets replicas (its HPA owns the number)`);
    if (!named('HorizontalPodAutoscaler').some((h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec?.scaleTargetRef?.name === name)) e.push(`${where}: Deployment ${name} has no HorizontalPodAutoscaler`);
    if (!named('PodDisruptionBudget').some((p) => selects(p, labels))) e.push(`${where}: Deployment ${name} has no PodDisruptionBudget`);
    if (!named('NetworkPolicy').some((p) => Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length && selects(p, labels))) e.push(`${where}: Deployment ${name} has no NetworkPolicy of its own`);
    // a pod that runs external programs on uploaded files (the boardroom-render image) has its egress closed: only
    // namespaces of the cluster, never an address block (the internet) nor an open rule
    if ((d.spec?.template?.spec?.containers ?? []).some((c) => /(^|\/)boardroom-render(:|@|$)/.test(String(c.image)))) {
      // its own (the namespace's default deny selects every pod and lets nothing out)
      const egress = named('NetworkPolicy').filter((p) => (p.spec?.policyTypes ?? []).includes('Egress') && Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length && selects(p, labels));
      if (!egress.length) e.push(`${where}: Deployment ${name} renders uploaded files but has no egress NetworkPolicy`);
      for (const p of egress) {
        for (const rule of p.spec?.egress ?? []) {
          const to = rule.to ?? [];
          if (!to.length || to.some((t) => t.ipBlock || !t.namespaceSelector)) e.push(`${where}: NetworkPolicy ${p.metadata?.name} lets ${name} reach ${to.length ? JSON.stringify(to.find((t) => t.ipBlock || !t.namespaceSelector)) : 'anywhere'}`);
        }
      }
    }
    for (const c of d.spec?.template?.spec?.containers ?? []) {
      const probe = (p) => c[p]?.httpGet?.path;
      if (probe('livenessProbe') !== '/health/live') e.push(`${where}: Deployment ${name}: livenessProbe must call /health/live (the process only)`);
      if (probe('readinessProbe') !== '/health/ready') e.push(`${where}: Deployment ${name}: readinessProbe must call /health/ready`);
      if (!c.startupProbe) e.push(`${where}: Deployment ${name}: no startupProbe`);
    }
  }
  // NetworkPolicies: only the gateway from outside the monitoring namespace; a service whose WebSockets the gateway
  // passes on (sockets: true in scripts/services.mjs) also from the gateway's own pods
  const socketServices = new Set(ALL_SERVICES.filter((s) => s.sockets).map((s) => `boardroom-${s.name}`));
  for (const p of named('NetworkPolicy')) {
    const target = p.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'];
    for (const rule of p.spec?.ingress ?? []) {
      for (const from of rule.from ?? [{}]) {
        const ns = from.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
        if (ns === 'monitoring') continue;
        if (target === 'boardroom-gateway' && ns === 'gateway-system') continue;
        if (socketServices.has(target) && !from.namespaceSelector && from.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'boardroom-gateway') continue;
        e.push(`${where}: NetworkPolicy ${p.metadata?.name} lets in traffic from ${ns ?? JSON.stringify(from)}`);
      }
    }
  }
  return e;
}

/**
 * TLS inside the cluster (docs/operations.md "TLS inside the cluster"): the services reach NATS and Valkey over TLS
 * only (tls://, rediss://) and check the servers against the internal CA (TLS_CA_FILE, the mounted ConfigMap)
 */
export function tlsConfigErrors(config, where) {
  const e = [];
  if (!/^tls:\/\//.test(String(config.NATS_URL ?? ''))) e.push(`${where}: boardroom-config NATS_URL is not tls:// (${config.NATS_URL ?? 'unset'})`);
  if (!/^rediss:\/\//.test(String(config.REDIS_URL ?? ''))) e.push(`${where}: boardroom-config REDIS_URL is not rediss:// (${config.REDIS_URL ?? 'unset'})`);
  if (config.TLS_CA_FILE !== '/etc/boardroom/ca/ca.crt') e.push(`${where}: boardroom-config TLS_CA_FILE is not the mounted internal CA /etc/boardroom/ca/ca.crt (${config.TLS_CA_FILE ?? 'unset'})`);
  return e;
}

function helmValuesErrors(file, v) {
  const e = [];
  const name = path.basename(file);
  if (name.startsWith('nats.')) {
    if (!v?.config?.jetstream?.enabled) e.push(`${rel(file)}: JetStream is off`);
    if (!v?.config?.jetstream?.fileStore?.pvc?.enabled) e.push(`${rel(file)}: JetStream is not on persistent volumes`);
    if (v?.config?.cluster?.replicas !== 3) e.push(`${rel(file)}: NATS must run 3 servers`);
    if (!v?.config?.nats?.tls?.enabled || !v?.config?.nats?.tls?.secretName) e.push(`${rel(file)}: clients do not need TLS (config.nats.tls)`);
    if (!v?.config?.cluster?.tls?.enabled) e.push(`${rel(file)}: cluster routes do not use TLS (config.cluster.tls)`);
    // one user per service, its password from the environment (a Secret), never a value in the file, never all rights
    const users = v?.config?.merge?.authorization?.users ?? [];
    for (const s of ALL_SERVICES) if (!users.some((u) => u.user === s.name)) e.push(`${rel(file)}: no NATS user for ${s.name} (node -r @swc-node/register scripts/identities.ts)`);
    for (const u of users) {
      if (!/^<< \$[A-Z0-9_]+ >>$/.test(String(u.password))) e.push(`${rel(file)}: NATS user ${u.user}: the password is not taken from the environment`);
      if (!u.permissions?.publish?.allow?.length || !u.permissions?.subscribe?.allow?.length) e.push(`${rel(file)}: NATS user ${u.user} has no permissions (it may do anything)`);
      for (const p of [...(u.permissions?.publish?.allow ?? []), ...(u.permissions?.subscribe?.allow ?? [])]) if (p === '>' || p === '*' || p === '_INBOX.>') e.push(`${rel(file)}: NATS user ${u.user} may use ${p}`);
    }
    if (v?.config?.merge?.no_auth_user || v?.config?.merge?.authorization?.no_auth_user) e.push(`${rel(file)}: no_auth_user lets connections without credentials in`);
  }
  if (name.startsWith('valkey.') || name.startsWith('redis.')) {
    const conf = String(v?.valkeyConfig ?? v?.redisConfig ?? '');
    if (!/appendonly\s+yes/.test(conf)) e.push(`${rel(file)}: append-only persistence is off`);
    if (!/maxmemory-policy\s+noeviction/.test(conf)) e.push(`${rel(file)}: eviction policy is not noeviction`);
    if (!v?.dataStorage?.enabled) e.push(`${rel(file)}: no persistent volume`);
    // TLS with cert-manager's certificate (valkey-tls.certificate.yaml): the Secret's keys as cert-manager writes them
    const t = v?.tls ?? {};
    if (!t.enabled || !t.existingSecret) e.push(`${rel(file)}: clients do not need TLS (tls.enabled, tls.existingSecret)`);
    else if (t.serverPublicKey !== 'tls.crt' || t.serverKey !== 'tls.key' || t.caPublicKey !== 'ca.crt') e.push(`${rel(file)}: tls keys are not cert-manager's (tls.crt, tls.key, ca.crt)`);
    // one ACL user per service (scripts/identities.ts), passwords from a Secret, no user with every key
    if (!v?.auth?.enabled || !v?.auth?.usersExistingSecret) e.push(`${rel(file)}: authentication is off (auth.enabled, auth.usersExistingSecret)`);
    const users = v?.auth?.aclUsers ?? {};
    for (const s of ALL_SERVICES) if (!users[s.name]) e.push(`${rel(file)}: no Valkey user for ${s.name} (node -r @swc-node/register scripts/identities.ts)`);
    for (const [name, u] of Object.entries(users)) {
      const p = String(u?.permissions ?? '');
      if (u?.password) e.push(`${rel(file)}: Valkey user ${name}: a password in the file`);
      if (/(^|\s)(~\*|allkeys|\+@all|allcommands)(\s|$)/.test(p)) e.push(`${rel(file)}: Valkey user ${name} may use every key or command`);
    }
  }
  return e;
}

/**
 * @param {string} dir k8s/
 * @param {{ services: string[] }} opts
 * @returns {Promise<{ errors: string[], checked: number }>}
 */
export async function validateK8s(dir, { services }) {
  const errors = [];
  let checked = 0;
  for (const f of walkYaml(dir)) {
    if (isKustomization(f)) continue;
    let docs;
    try {
      docs = parseDocs(fs.readFileSync(f, 'utf8'), rel(f));
    } catch (e) {
      errors.push(e.message);
      continue;
    }
    if (isHelmValues(f)) {
      errors.push(...helmValuesErrors(f, docs[0]));
      continue;
    }
    for (const d of docs) {
      checked++;
      for (const m of await schemaErrors(d)) errors.push(`${rel(f)}: ${d.kind} ${d.metadata?.name}: ${m}`);
    }
  }
  // every overlay, rendered, validated again (patches can break what was valid) and held to the house rules
  const overlays = path.join(dir, 'overlays');
  for (const o of fs.existsSync(overlays) ? fs.readdirSync(overlays).sort() : []) {
    const where = rel(path.join(overlays, o));
    const docs = renderKustomization(path.join(overlays, o), errors);
    for (const d of docs) {
      checked++;
      for (const m of await schemaErrors(d)) errors.push(`${where} (rendered): ${d.kind} ${d.metadata?.name}: ${m}`);
    }
    errors.push(...policyErrors(docs, where));
    const deployments = docs.filter((d) => d.kind === 'Deployment').map((d) => d.spec?.template?.spec?.containers?.[0]?.env?.find((x) => x.name === 'SERVICE')?.value);
    for (const s of services) if (!deployments.includes(s)) errors.push(`${where}: service ${s} has no Deployment`);
    for (const s of deployments) if (!services.includes(s)) errors.push(`${where}: Deployment for ${s}, which does not exist (a restart loop)`);
    const config = docs.find((d) => d.kind === 'ConfigMap' && d.metadata?.name === 'boardroom-config')?.data ?? {};
    if (Number(config.NATS_STREAM_REPLICAS ?? 1) < 3) errors.push(`${where}: boardroom-config NATS_STREAM_REPLICAS is ${config.NATS_STREAM_REPLICAS ?? 'unset'}; the event streams need 3 copies on the cluster`);
    if (!config.TRUSTED_PROXIES) errors.push(`${where}: boardroom-config has no TRUSTED_PROXIES (the gateway would believe no X-Forwarded-For)`);
    errors.push(...tlsConfigErrors(config, where));
    if (!docs.some((d) => d.kind === 'HTTPRoute')) errors.push(`${where}: no HTTPRoute`);
    if (!docs.some((d) => d.kind === 'ServiceMonitor')) errors.push(`${where}: no ServiceMonitor`);
    const alerts = docs.filter((d) => d.kind === 'PrometheusRule').flatMap((d) => d.spec.groups.flatMap((g) => g.rules.filter((r) => r.alert)));
    for (const metric of ['rpc_', 'event_lag_seconds', 'job_duration_seconds', 'queue_jobs']) {
      if (!alerts.some((a) => String(a.expr).includes(metric) || docs.some((d) => d.kind === 'PrometheusRule' && d.spec.groups.some((g) => g.rules.some((r) => r.record && String(a.expr).includes(r.record) && String(r.expr).includes(metric)))))) {
        errors.push(`${where}: no alert on ${metric}`);
      }
    }
    const dash = docs.find((d) => d.kind === 'ConfigMap' && d.metadata?.labels?.grafana_dashboard === '1');
    if (!dash) errors.push(`${where}: no Grafana dashboard ConfigMap`);
    else
      for (const [file, json] of Object.entries(dash.data ?? {})) {
        try {
          const parsed = JSON.parse(json);
          if (!Array.isArray(parsed.panels) || !parsed.panels.length) errors.push(`${where}: dashboard ${file} has no panels`);
        } catch (e) {
          errors.push(`${where}: dashboard ${file} is not JSON: ${e.message}`);
        }
      }
  }
  return { errors, checked };
}

/* ------------------------------------------------ Dockerfile ------------------------------------------------ */
/** instructions with continuation lines joined and comments dropped */
export function parseDockerfile(text) {
  const lines = text.split('\n');
  const out = [];
  let cur = '';
  for (const raw of lines) {
    const line = raw.replace(/\s+$/, '');
    if (!cur && (/^\s*#/.test(line) || !line.trim())) continue;
    if (cur && /^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      cur += `${line.slice(0, -1)} `;
      continue;
    }
    cur += line;
    const m = /^\s*([A-Za-z]+)\s+([\s\S]*)$/.exec(cur);
    if (m) out.push({ op: m[1].toUpperCase(), args: m[2].trim() });
    cur = '';
  }
  const args = {};
  const stages = [];
  for (const ins of out) {
    if (ins.op === 'ARG' && !stages.length) {
      const [k, v] = ins.args.split('=');
      args[k] = v;
      continue;
    }
    if (ins.op === 'FROM') {
      const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      const image = m[1].replace(/\$\{(\w+)\}/g, (_, k) => args[k] ?? '');
      stages.push({ name: m[2] ?? String(stages.length), image, base: stages.find((s) => s.name === image), instructions: [] });
      continue;
    }
    stages.at(-1)?.instructions.push(ins);
  }
  return { args, stages };
}

/** @returns {string[]} problems */
export function validateDockerfile(text) {
  const e = [];
  const { stages } = parseDockerfile(text);
  const byName = Object.fromEntries(stages.map((s) => [s.name, s]));
  const chain = (s) => (s ? [...chain(s.base), s] : []);
  const rootImage = (s) => chain(s)[0].image;
  for (const s of stages) {
    if (s.base) continue;
    const m = /^node:(\d+)(?:\.\d+)*(?:-[\w.-]+)?$/.exec(s.image);
    if (!m) e.push(`stage ${s.name}: base image ${s.image} is not an official Node image pinned by version`);
    else if (!['22', '24'].includes(m[1])) e.push(`stage ${s.name}: Node ${m[1]} is not a supported LTS (22 or 24)`);
  }
  const final = stages.at(-1);
  for (const name of new Set([final?.name, 'render'])) {
    const s = byName[name];
    if (!s) {
      e.push(`no ${name} stage`);
      continue;
    }
    const users = chain(s).flatMap((x) => x.instructions.filter((i) => i.op === 'USER').map((i) => i.args));
    const user = users.at(-1);
    if (!user || /^(root|0)(:|$)/.test(user)) e.push(`stage ${name}: runs as ${user ?? 'root (no USER)'}`);
    const all = chain(s).flatMap((x) => x.instructions);
    for (const i of all) {
      if (i.op === 'COPY' && !/--from=/.test(i.args)) e.push(`stage ${name}: COPY from the build context (${i.args}): only compiled output may enter`);
      if (i.op === 'COPY' && /--from=build\b/.test(i.args) && !/\/out\//.test(i.args)) e.push(`stage ${name}: copies sources or dev dependencies from build (${i.args})`);
      if (i.op === 'COPY' && /--from=(\S+)/.test(i.args)) {
        const from = byName[/--from=(\S+)/.exec(i.args)[1]];
        const installs = (from ? chain(from) : []).flatMap((x) => x.instructions).filter((j) => j.op === 'RUN' && /npm (ci|install)/.test(j.args));
        if (from && installs.some((j) => !/--omit=dev/.test(j.args))) e.push(`stage ${name}: copies from ${from.name}, which installs dev dependencies`);
      }
    }
    const cmd = all.filter((i) => i.op === 'CMD' || i.op === 'ENTRYPOINT').at(-1)?.args ?? '';
    if (/swc-node|ts-node|tsx\b|\.ts\b/.test(cmd)) e.push(`stage ${name}: starts TypeScript (${cmd}) instead of compiled JavaScript`);
    if (!/\.js\b/.test(cmd)) e.push(`stage ${name}: CMD does not start a compiled .js entry`);
    const heavy = all.some((i) => i.op === 'RUN' && /\b(chromium|libreoffice)/.test(i.args));
    if (name === 'render' && !heavy) e.push('stage render: installs no Chromium/LibreOffice');
    if (name !== 'render' && heavy) e.push(`stage ${name}: installs Chromium or LibreOffice (only the render stage may)`);
    void rootImage;
  }
  return e;
}

/* ------------------------------------------------ CLI ------------------------------------------------------- */
/** one check: the parts named in `only`, of the files given (defaults: the repository's) */
async function check({ only = ['compose', 'k8s', 'dockerfile'], compose, k8s, dockerfile, services, render }) {
  const composeFile = path.resolve(ROOT, compose ?? 'docker-compose.yml');
  const k8sDir = path.resolve(ROOT, k8s ?? 'k8s');
  const dockerFile = path.resolve(ROOT, dockerfile ?? 'deploy/Dockerfile');
  const c = only.includes('compose') ? validateCompose(fs.readFileSync(composeFile, 'utf8'), { services, render }) : [];
  const k = only.includes('k8s') ? await validateK8s(k8sDir, { services }) : { errors: [], checked: 0 };
  const d = only.includes('dockerfile') ? validateDockerfile(fs.readFileSync(dockerFile, 'utf8')) : [];
  return { compose: c, k8s: k.errors, k8sDocuments: k.checked, dockerfile: d, files: { compose: rel(composeFile), k8s: rel(k8sDir), dockerfile: rel(dockerFile) } };
}

async function main() {
  const argv = process.argv.slice(2);
  const opt = (name, def) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : def;
  };
  const { presentServices } = await import('../services.mjs');
  const present = presentServices().map((s) => s.name);
  const renderers = presentServices().filter((s) => s.render).map((s) => s.name);
  const batch = opt('--batch');
  if (batch) {
    // a JSON list of checks ({ only, compose, k8s, dockerfile, services }) in one process: the tests' many cases
    const jobs = JSON.parse(fs.readFileSync(batch, 'utf8'));
    const out = [];
    for (const j of jobs) out.push(await check({ ...j, services: j.services ?? present, render: j.render ?? renderers }));
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const services = opt('--services', present.join(',')).split(',').filter(Boolean);
  const report = await check({ only: opt('--only', 'compose,k8s,dockerfile').split(','), compose: opt('--compose'), k8s: opt('--k8s'), dockerfile: opt('--dockerfile'), services, render: renderers });
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const show = (title, list) => console.log(`${list.length ? '✗' : '✓'} ${title}${list.length ? `\n  ${list.join('\n  ')}` : ''}`);
  show(`${report.files.compose} (Compose specification schema + rules)`, report.compose);
  show(`${report.files.k8s} (${report.k8sDocuments} documents against the Kubernetes schemas + rules)`, report.k8s);
  show(`${report.files.dockerfile} (stages, user, dependencies)`, report.dockerfile);
  if (report.compose.length || report.k8s.length || report.dockerfile.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(2);
  });
}
