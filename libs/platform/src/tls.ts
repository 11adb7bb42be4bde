import fs from 'node:fs';
import { z } from 'zod';

/**
 * TLS to the data systems (docs/operations.md "TLS inside the cluster"): NATS (`tls://`), Valkey/Redis (`rediss://`)
 * and PostgreSQL (`sslmode=verify-full` or `verify-ca`), each server's certificate checked against the internal CA
 * whose file TLS_CA_FILE names. The file is read once, when the config is parsed (tlsCaFile); the clients are given
 * the options these pure functions make from a URL and that CA (tls.spec.ts, table by table).
 */
export interface TlsCa {
  file: string;
  pem: string;
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/** TLS_CA_FILE: the path of a PEM file of one or more CA certificates, read at parse; unset: the system's trust */
export const tlsCaFile = z.preprocess(blankIsUnset, z.string().min(1).optional()).transform((file, ctx): TlsCa | undefined => {
  if (file === undefined) return undefined;
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: `cannot read the CA file ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})` });
    return z.NEVER;
  }
  if (!PEM.test(pem)) {
    ctx.addIssue({ code: 'custom', message: `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` });
    return z.NEVER;
  }
  return { file, pem };
});

/** NATS_URL: nats:// (plain, or upgraded when the server asks) or tls:// (TLS required, the server checked) */
export const natsUrl = z.string().regex(/^(nats|tls):\/\/[^\s/]+$/, 'a nats://host:port or tls://host:port URL');
/** REDIS_URL: redis:// or rediss:// (TLS, the server checked), with an optional user, password and database */
export const redisUrl = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === 'redis:' || u.protocol === 'rediss:') && !!u.hostname && /^(\/\d*)?$/.test(u.pathname);
  } catch {
    return false; // not a URL at all: the message below says what is expected
  }
}, 'a redis:// or rediss:// URL (redis[s]://[user:password@]host:port[/db])');

/** libpq's sslmode values this client honours; `require`, `prefer` and `allow` encrypt without checking the server */
export const PG_SSL_MODES = ['disable', 'verify-ca', 'verify-full'] as const;
/** DATABASE_URL: postgres[ql]://, its sslmode (if any) one that checks the server */
export const databaseUrl = z.string().refine((s) => {
  try {
    const u = new URL(s);
    if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return false;
    const mode = u.searchParams.get('sslmode');
    return mode === null || (PG_SSL_MODES as readonly string[]).includes(mode);
  } catch {
    return false; // not a URL at all: the message below says what is expected
  }
}, `a postgres:// URL whose sslmode, if given, is one of ${PG_SSL_MODES.join(', ')} (require does not check the server)`);

/** connect options for nats.js: the servers without their scheme, and with tls:// the TLS options (its CA) */
export function natsTlsOptions(url: string, ca?: TlsCa): { servers: string; tls?: { ca?: string } } {
  const m = /^(nats|tls):\/\/(.+)$/.exec(url);
  if (!m) return { servers: url };
  return m[1] === 'tls' ? { servers: m[2], tls: ca ? { ca: ca.pem } : {} } : { servers: m[2] };
}

/** ioredis options from a Redis URL: host, port, user, password, database and, for rediss://, TLS with the CA */
export function redisOptionsOf(url: string, ca?: TlsCa): { host: string; port: number; username?: string; password?: string; db?: number; tls?: { ca?: string; servername: string } } {
  const u = new URL(url);
  const out: ReturnType<typeof redisOptionsOf> = { host: u.hostname, port: Number(u.port || 6379) };
  if (u.username) out.username = decodeURIComponent(u.username);
  if (u.password) out.password = decodeURIComponent(u.password);
  if (u.pathname.length > 1) out.db = Number(u.pathname.slice(1));
  if (u.protocol === 'rediss:') out.tls = { ...(ca ? { ca: ca.pem } : {}), servername: u.hostname };
  return out;
}

/**
 * pg Pool/Client options from a PostgreSQL URL: sslmode (and libpq's file parameters, which pg would read itself) is
 * taken out of the connection string and made into `ssl`: verify-full checks the chain against the CA and the host
 * name, verify-ca the chain only; disable or none: no TLS.
 */
export function pgOptionsOf(url: string, ca?: TlsCa): { connectionString: string; ssl?: { ca?: string; rejectUnauthorized: true; checkServerIdentity?: () => undefined } } {
  const u = new URL(url);
  const mode = u.searchParams.get('sslmode');
  for (const p of ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl']) u.searchParams.delete(p);
  const connectionString = u.toString();
  if (mode !== 'verify-full' && mode !== 'verify-ca') return { connectionString };
  const ssl = { ...(ca ? { ca: ca.pem } : {}), rejectUnauthorized: true as const };
  return { connectionString, ssl: mode === 'verify-ca' ? { ...ssl, checkServerIdentity: () => undefined } : ssl };
}
