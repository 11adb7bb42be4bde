/**
 * Least privilege in the rendered manifests (scripts/manifests.spec.ts), as pure functions over the documents:
 * which secrets each Deployment reads, and whether every namespace denies egress by default.
 */
export interface K8sDoc {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}
export interface ServiceSecrets {
  name: string;
  secrets?: string[];
  optionalSecrets?: string[];
}

/** the Secret with one service's own credentials for the data systems, one per service (k8s/generate.mjs) */
export const identitySecret = (service: string): string => `boardroom-identity-${service}`;
export const APP_SECRETS = 'boardroom-secrets';
/** the keys of a service's identity Secret: its NATS, Valkey and PostgreSQL passwords */
export const IDENTITY_KEYS: readonly string[] = Object.freeze(['nats', 'redis', 'pg']);

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name?: string;
  env?: EnvVar[];
  envFrom?: { secretRef?: { name: string } }[];
}
interface Volume {
  name: string;
  secret?: { secretName: string };
  projected?: { sources?: { secret?: { name: string } }[] };
  csi?: unknown;
}
interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
}

const podSpecOf = (d: K8sDoc): PodSpec | undefined => (d.spec as { template?: { spec?: PodSpec } } | undefined)?.template?.spec;
const serviceOf = (d: K8sDoc): string | undefined => {
  const spec = podSpecOf(d);
  return spec?.containers?.[0]?.env?.find((e) => e.name === 'SERVICE')?.value;
};

/**
 * Each Deployment reads only its own secrets: from boardroom-secrets the keys of its service (scripts/services.mjs
 * `secrets`/`optionalSecrets`), each under its own name; its own identity Secret boardroom-identity-<service>
 * (nats, redis, pg) and no other service's; no whole Secret
 * (envFrom), no Secret volume, no other Secret.
 */
export function secretProblems(docs: K8sDoc[], services: ServiceSecrets[]): string[] {
  const out: string[] = [];
  for (const d of docs.filter((x) => x.kind === 'Deployment')) {
    const where = `Deployment ${d.metadata?.name}`;
    const spec = podSpecOf(d) ?? {};
    const svc = services.find((s) => s.name === serviceOf(d));
    if (!svc) {
      out.push(`${where}: runs no known service (env SERVICE)`);
      continue;
    }
    const own = new Set([...(svc.secrets ?? []), ...(svc.optionalSecrets ?? [])]);
    const ownIdentity = identitySecret(svc.name);
    for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
      for (const f of c.envFrom ?? []) if (f.secretRef) out.push(`${where}: takes all of Secret ${f.secretRef.name} (envFrom)`);
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const fine = (ref.name === APP_SECRETS && own.has(ref.key) && e.name === ref.key) || (ref.name === ownIdentity && IDENTITY_KEYS.includes(ref.key));
        if (!fine) out.push(`${where}: reads ${ref.name}/${ref.key} (as ${e.name}), which is not its own`);
      }
    }
    for (const v of spec.volumes ?? []) {
      if (v.secret) out.push(`${where}: mounts Secret ${v.secret.secretName} (volume ${v.name})`);
      for (const src of v.projected?.sources ?? []) if (src.secret) out.push(`${where}: mounts Secret ${src.secret.name} (projected volume ${v.name})`);
      if (v.csi) out.push(`${where}: mounts a CSI volume ${v.name} (secrets stores are not allowed here)`);
    }
  }
  return out;
}

interface Policy {
  podSelector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  policyTypes?: string[];
  egress?: { to?: { ipBlock?: { cidr: string } }[] }[];
}
const policies = (docs: K8sDoc[]) => docs.filter((d) => d.kind === 'NetworkPolicy').map((d) => ({ doc: d, spec: (d.spec ?? {}) as Policy }));
const selectsAll = (p: Policy) => !Object.keys(p.podSelector?.matchLabels ?? {}).length && !(p.podSelector?.matchExpressions ?? []).length;

/**
 * Every namespace that has anything deployed has a default-deny egress policy (all pods, Egress, no rule); every
 * Deployment has an egress policy of its own (else it could reach nothing); a renderer's reaches no address block.
 */
export function egressProblems(docs: K8sDoc[], renderers: string[]): string[] {
  const out: string[] = [];
  const namespaces = [...new Set(docs.map((d) => d.metadata?.namespace ?? '(none)'))].sort();
  for (const ns of namespaces) {
    const inNs = policies(docs.filter((d) => (d.metadata?.namespace ?? '(none)') === ns));
    const deny = inNs.some(({ spec }) => selectsAll(spec) && (spec.policyTypes ?? []).includes('Egress') && !(spec.egress ?? []).length);
    if (!deny) out.push(`namespace ${ns}: no default-deny egress NetworkPolicy`);
  }
  for (const d of docs.filter((x) => x.kind === 'Deployment')) {
    const labels = (d.spec as { template?: { metadata?: { labels?: Record<string, string> } } })?.template?.metadata?.labels ?? {};
    const mine = policies(docs).filter(
      ({ doc, spec }) =>
        doc.metadata?.namespace === d.metadata?.namespace &&
        !selectsAll(spec) &&
        (spec.policyTypes ?? []).includes('Egress') &&
        Object.entries(spec.podSelector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v),
    );
    if (!mine.length) out.push(`Deployment ${d.metadata?.name}: no egress NetworkPolicy of its own`);
    if (renderers.includes(serviceOf(d) ?? '')) {
      for (const { doc, spec } of mine) for (const rule of spec.egress ?? []) for (const to of rule.to ?? []) if (to.ipBlock) out.push(`Deployment ${d.metadata?.name}: ${doc.metadata?.name} lets a renderer reach ${to.ipBlock.cidr}`);
    }
  }
  return out;
}
