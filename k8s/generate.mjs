#!/usr/bin/env node
/**
 * Writes k8s/base/services/<name>.yaml (Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget,
 * NetworkPolicy) for every service of the manifest in scripts/services.mjs, so ports and names are defined once, and
 * the list of those files in k8s/base/services/kustomization.yaml. A service marked `render: true` there runs the
 * `boardroom-render` image (deploy/Dockerfile target render: Chromium and LibreOffice); the others run `boardroom`.
 * The Deployments set no `replicas`: the HorizontalPodAutoscaler owns that number (minReplicas at rest).
 *
 *   node k8s/generate.mjs          regenerate (commit the output)
 *   node k8s/generate.mjs --check  fail when the committed files differ from what would be generated, or a file
 *                                  of k8s/base/services belongs to no service of the manifest
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_SERVICES } from '../scripts/services.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'base', 'services');

/**
 * per-service sizing; everything else shares the defaults. A service that renders PDFs with Chromium adds
 * { maxReplicas: 6, cpu: '200m', memory: '512Mi', memoryLimit: '1536Mi' } here when it lands.
 */
const SIZING = {
  gateway: { maxReplicas: 20, cpu: '200m', memory: '384Mi', memoryLimit: '768Mi' },
  // LibreOffice conversions are memory-hungry
  library: { maxReplicas: 6, cpu: '200m', memory: '384Mi', memoryLimit: '1536Mi' },
};
const DEFAULT = { maxReplicas: 6, cpu: '100m', memory: '256Mi', memoryLimit: '512Mi' };
/** namespaces allowed to reach pods: Prometheus (/metrics) and, for the gateway only, the Gateway API data plane */
const MONITORING_NS = 'monitoring';
const EDGE_NS = 'gateway-system';
/** services that run external programs in bubblewrap (libs/platform/src/process/sandbox.ts): they need namespaces */
const SANDBOXED = new Set(['library', 'presentation']);
/**
 * each service's own credentials for the data systems, one Secret per service, created out of band like
 * boardroom-secrets: `boardroom-identity-<service>` with keys `nats` (its NATS user's password), `redis` (its Valkey
 * ACL user's) and `pg` (its PostgreSQL role's, hex). A pod reads its own Secret only (scripts/manifests.spec.ts), and
 * each can be rotated, or granted to an operator by RBAC, alone (docs/operations.md "Rotating the data systems' passwords").
 */
const identitySecret = (service) => `boardroom-identity-${service}`;
/** where NATS, Valkey, PostgreSQL and SeaweedFS run (k8s/infra) */
const DATA_NS = 'boardroom-data';
/**
 * PostgreSQL: the CloudNativePG cluster's read-write Service (k8s/infra/postgres-cluster.yaml) and database. Each
 * service connects as its own role `boardroom_<service>` (a managed role of the cluster; scripts/migrate.ts grants it
 * its own schema only) with its own password, key `pg` of boardroom-identity-<service> (hex: it goes into the URL
 * as it is), over TLS with the server's certificate checked against the internal CA and the host name
 * (sslmode=verify-full, TLS_CA_FILE). An overlay that needs other connection parameters patches DATABASE_URL.
 */
const PG_HOST = `boardroom-pg-rw.${DATA_NS}.svc:5432`;
const PG_DATABASE = 'boardroom';

/**
 * Services that must reach hosts outside the cluster over HTTPS, and why (docs/operations.md "Who may talk to whom").
 * Everything else reaches nothing outside the cluster: egress is denied by default in the namespace
 * (k8s/base/network-policies.yaml) and each service's own policy below opens only its dependencies.
 */
const EXTERNAL_HTTPS = {
  // single sign-on: each organization's OpenID provider (discovery, JWKS, token endpoint; openid-client)
  organization: 'the organizations\' OpenID Connect providers (SSO)',
  // Zoom meetings (services/meeting/src/virtual/providers.ts), when ZOOM_* are set
  meeting: 'the Zoom API (online meetings)',
  // the SMTP relay's OAuth2 token endpoint (Microsoft 365, Google), when SMTP_OAUTH2_* are set
  notification: 'the mail provider\'s OAuth2 token endpoint',
};
/** the SMTP relay (SMTP_URL): outside the cluster, submission ports only */
const SMTP_PORTS = [25, 465, 587];
/** the internet without the cluster's and the cloud's private ranges (the metadata service 169.254.169.254 included) */
const INTERNET = '{ ipBlock: { cidr: 0.0.0.0/0, except: [10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, 169.254.0.0/16, 127.0.0.0/8] } }';

/**
 * Each service's egress: DNS, NATS and Valkey (every service), PostgreSQL (those with DATABASE_URL), the S3 filer and
 * S3 at its public HTTPS name (those with S3 credentials), the trace collector, the presentation pods for the
 * gateway (WebSocket upgrades it passes on), and outside the cluster only what EXTERNAL_HTTPS and SMTP_URL name.
 * A service that runs external programs on uploaded files (render: true: LibreOffice, poppler, Chromium) gets nothing
 * outside the cluster (docs/security.md#files-and-external-programs): a converter tricked into a request gets no
 * route. (Inside the pod, the programs themselves run with no network at all: libs/platform's Sandbox.)
 */
function egressPolicy({ name, secrets = [], render }, app) {
  const db = secrets.includes('DATABASE_URL');
  const s3 = secrets.includes('S3_ACCESS_KEY');
  const smtp = secrets.includes('SMTP_URL');
  if (render && (EXTERNAL_HTTPS[name] || smtp)) throw new Error(`${name} renders uploaded files: it may reach nothing outside the cluster`);
  const dataPorts = [
    '        - { port: 4222, protocol: TCP }',
    '        - { port: 6379, protocol: TCP }',
    ...(db ? ['        - { port: 5432, protocol: TCP }'] : []),
    ...(s3 ? ['        - { port: 8333, protocol: TCP }'] : []),
  ];
  const what = ['NATS', 'Valkey', ...(db ? ['PostgreSQL'] : []), ...(s3 ? ['the S3 filer (SeaweedFS)'] : [])];
  const sockets = ALL_SERVICES.filter((x) => x.sockets);
  return `---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: ${app}-egress
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom }
spec:
  podSelector:
    matchLabels: { app.kubernetes.io/name: ${app} }
  policyTypes: [Egress]
  egress:
    # DNS
    - to:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: kube-system } }
          podSelector: { matchLabels: { k8s-app: kube-dns } }
      ports:
        - { port: 53, protocol: UDP }
        - { port: 53, protocol: TCP }
    # ${what.join(', ')}
    - to:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ${DATA_NS} } }
      ports:
${dataPorts.join('\n')}
${
  s3
    ? `    # S3 at its public HTTPS name (presigned URLs need it), through the Gateway API data plane
    - to:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ${EDGE_NS} } }
      ports:
        - { port: 443, protocol: TCP }
`
    : ''
}${
  name === 'gateway'
    ? sockets
        .map(
          (x) => `    # WebSocket upgrades passed on to ${x.name} (/ws/${x.name})
    - to:
        - podSelector: { matchLabels: { app.kubernetes.io/name: boardroom-${x.name} } }
      ports:
        - { port: ${x.port}, protocol: TCP }
`,
        )
        .join('')
    : ''
}${
  EXTERNAL_HTTPS[name]
    ? `    # outside the cluster: ${EXTERNAL_HTTPS[name]}, HTTPS only, never private addresses
    - to:
        - ${INTERNET}
      ports:
        - { port: 443, protocol: TCP }
`
    : ''
}${
  smtp
    ? `    # outside the cluster: the SMTP relay (SMTP_URL), submission ports only
    - to:
        - ${INTERNET}
      ports:
${SMTP_PORTS.map((p) => `        - { port: ${p}, protocol: TCP }`).join('\n')}
`
    : ''
}    # trace spans (OTEL_EXPORTER_OTLP_ENDPOINT)
    - to:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ${MONITORING_NS} } }
      ports:
        - { port: 4318, protocol: TCP }
`;
}

function networkPolicy(name, app, sockets) {
  // a service whose WebSockets the gateway passes on (sockets: true in scripts/services.mjs) takes them from the gateway's pods
  const fromGateway = sockets
    ? `
    # WebSocket upgrades passed on by the gateway (/ws/${name})
    - from:
        - podSelector: { matchLabels: { app.kubernetes.io/name: boardroom-gateway } }
      ports:
        - { port: http, protocol: TCP }`
    : '';
  const edge =
    name === 'gateway'
      ? `
    # the only HTTP traffic from outside: the Gateway API implementation's proxies (HTTPRoute boardroom)
    - from:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ${EDGE_NS} } }
      ports:
        - { port: http, protocol: TCP }`
      : '';
  return `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: ${app}
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom }
spec:
  podSelector:
    matchLabels: { app.kubernetes.io/name: ${app} }
  policyTypes: [Ingress]
  ingress:${edge}${fromGateway}
    # /metrics (and /health) for Prometheus; services talk to each other over NATS, not HTTP
    - from:
        - namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ${MONITORING_NS} } }
      ports:
        - { port: http, protocol: TCP }
`;
}

/**
 * each secret the service needs from boardroom-secrets, by name (a missing key stops the pod before it starts); its
 * DATABASE_URL is not one of them: the service's own role and password (databaseEnv)
 */
function secretEnv(secrets, optional) {
  const line = (key, opt) => `\n            - { name: ${key}, valueFrom: { secretKeyRef: { name: boardroom-secrets, key: ${key}${opt ? ', optional: true' : ''} } } }`;
  return [...secrets.filter((k) => k !== 'DATABASE_URL').map((k) => line(k, false)), ...optional.map((k) => line(k, true))].join('');
}

/** a service with a database connects as its own role with its own password (docs/operations.md "Who may talk to whom") */
function databaseEnv(name, secrets) {
  if (!secrets.includes('DATABASE_URL')) return '';
  return `
            # its own PostgreSQL role boardroom_${name} (its schema only; RLS applies): its own Secret ${identitySecret(name)};
            # TLS, the server's certificate checked against the internal CA (TLS_CA_FILE) and its name
            - { name: DATABASE_PASSWORD, valueFrom: { secretKeyRef: { name: ${identitySecret(name)}, key: pg } } }
            - { name: DATABASE_URL, value: "postgres://boardroom_${name}:$(DATABASE_PASSWORD)@${PG_HOST}/${PG_DATABASE}?sslmode=verify-full" }`;
}

/** the image's NODE_OPTIONS (deploy/Dockerfile): a service's own `nodeOptions` are added to them, not put in their place */
const IMAGE_NODE_OPTIONS = '--enable-source-maps';
const nodeOptionsEnv = (nodeOptions) =>
  nodeOptions?.length ? `\n            # the image's options and the service's own (scripts/services.mjs)\n            - { name: NODE_OPTIONS, value: "${[IMAGE_NODE_OPTIONS, ...nodeOptions].join(' ')}" }` : '';

function manifest({ name, port, render, sockets, secrets = [], optionalSecrets = [], nodeOptions }) {
  const s = { ...DEFAULT, ...(SIZING[name] ?? {}) };
  const app = `boardroom-${name}`;
  const image = render ? 'boardroom-render' : 'boardroom';
  return `# generated by k8s/generate.mjs from scripts/services.mjs: do not edit by hand
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${app}
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom, app.kubernetes.io/component: ${name} }
spec:
  revisionHistoryLimit: 5
  selector:
    matchLabels: { app.kubernetes.io/name: ${app} }
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxSurge: 1, maxUnavailable: 0 }
  template:
    metadata:
      labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom, app.kubernetes.io/component: ${name} }
    spec:
      automountServiceAccountToken: false
      # preStop (5 s) + draining HTTP, NATS subscriptions and BullMQ workers
      terminationGracePeriodSeconds: 40
      securityContext:
        runAsNonRoot: true
        runAsUser: 1000
        runAsGroup: 1000
        seccompProfile: { type: RuntimeDefault }
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels: { app.kubernetes.io/name: ${app} }
      containers:
        - name: ${name}
          image: ${image}
          imagePullPolicy: IfNotPresent
          env:
            - { name: SERVICE, value: ${name} }
            - { name: SERVICE_NAME, value: ${name} }
            - { name: HTTP_PORT, value: "${port}" }${nodeOptionsEnv(nodeOptions)}
            # its secrets only (scripts/services.mjs); the owner's URL is only in the migrate Job${secretEnv(secrets, optionalSecrets)}${databaseEnv(name, secrets)}
            # its own NATS user (docs/operations.md "Who may talk to whom"): its own Secret ${identitySecret(name)} only
            - { name: NATS_USER, value: ${name} }
            - { name: NATS_PASSWORD, valueFrom: { secretKeyRef: { name: ${identitySecret(name)}, key: nats } } }
            # and its own Valkey ACL user (k8s/infra/valkey.values.yaml)
            - { name: REDIS_USER, value: ${name} }
            - { name: REDIS_PASSWORD, valueFrom: { secretKeyRef: { name: ${identitySecret(name)}, key: redis } } }
          envFrom:
            - configMapRef: { name: boardroom-config }
          ports:
            - { name: http, containerPort: ${port}, protocol: TCP }
          # the process listens once start-up (NATS, streams, queues) is done: up to 90 s before liveness applies
          startupProbe:
            httpGet: { path: /health/live, port: http }
            periodSeconds: 2
            failureThreshold: 45
          # out of the endpoints while NATS, Redis or the database does not answer (and while stopping)
          readinessProbe:
            httpGet: { path: /health/ready, port: http }
            periodSeconds: 5
            timeoutSeconds: 2
            failureThreshold: 2
          # restarted only when the process itself stops answering, never for a dependency's outage
          livenessProbe:
            httpGet: { path: /health/live, port: http }
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          lifecycle:
            # let endpoints and the ingress drop the pod before SIGTERM
            preStop: { exec: { command: ["sleep", "5"] } }
          resources:
            requests: { cpu: ${s.cpu}, memory: ${s.memory} }
            limits: { memory: ${s.memoryLimit} }
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities: { drop: ["ALL"] }${
              SANDBOXED.has(name)
                ? `
            # bubblewrap makes user, network and PID namespaces for LibreOffice and poppler (docs/decisions.md "Sandbox
            # for external programs"); the runtime's default seccomp profile refuses that without CAP_SYS_ADMIN
            seccompProfile: { type: Unconfined }`
                : ''
            }
          volumeMounts:
            - { name: tmp, mountPath: /tmp }
            # the internal CA that signs the certificates of NATS, Valkey and PostgreSQL (TLS_CA_FILE in boardroom-config)
            - { name: internal-ca, mountPath: /etc/boardroom/ca, readOnly: true }
      volumes:
        - name: tmp
          emptyDir: { sizeLimit: ${render ? '2Gi' : '256Mi'} }
        - name: internal-ca
          configMap: { name: boardroom-internal-ca, items: [{ key: ca.crt, path: ca.crt }] }
---
apiVersion: v1
kind: Service
metadata:
  name: ${app}
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom }
spec:
  selector: { app.kubernetes.io/name: ${app} }
  ports:
    - { name: http, port: 80, targetPort: http, protocol: TCP }
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${app}
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${app} }
  minReplicas: 2
  maxReplicas: ${s.maxReplicas}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 70 }
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: ${app}
  labels: { app.kubernetes.io/name: ${app}, app.kubernetes.io/part-of: boardroom }
spec:
  minAvailable: 1
  selector:
    matchLabels: { app.kubernetes.io/name: ${app} }
---
${networkPolicy(name, app, sockets)}${egressPolicy({ name, secrets, render }, app)}`;
}

function kustomization() {
  return `# generated by k8s/generate.mjs from scripts/services.mjs: do not edit by hand
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
${ALL_SERVICES.map((svc) => `  - ${svc.name}.yaml`).join('\n')}
`;
}

const check = process.argv.includes('--check');
fs.mkdirSync(outDir, { recursive: true });
let stale = [];
const outputs = [
  ...ALL_SERVICES.map((svc) => ({ file: path.join(outDir, `${svc.name}.yaml`), text: manifest(svc) })),
  { file: path.join(outDir, 'kustomization.yaml'), text: kustomization() },
];
for (const { file, text } of outputs) {
  if (check) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) stale.push(path.relative(process.cwd(), file));
  } else fs.writeFileSync(file, text);
}
const known = new Set([...ALL_SERVICES.map((s) => `${s.name}.yaml`), 'kustomization.yaml']);
const orphans = fs.readdirSync(outDir).filter((f) => f.endsWith('.yaml') && !known.has(f));
if (check) {
  for (const f of orphans) stale.push(`${path.relative(process.cwd(), path.join(outDir, f))} (no such service in scripts/services.mjs)`);
  if (stale.length) {
    console.error(`out of date (run node k8s/generate.mjs): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('k8s/base/services is up to date');
} else {
  for (const f of orphans) fs.rmSync(path.join(outDir, f));
  console.log(`wrote ${ALL_SERVICES.length} files to ${path.relative(process.cwd(), outDir)}${orphans.length ? `; removed ${orphans.join(', ')}` : ''}`);
}
