import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import Redis from 'ioredis';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { baseConfigSchema, connectNats, createRedis, databaseConfigSchema, parseConfig, pgOptionsOf, redisConnection, redisOptionsOf, redisUrlOf, type TlsCa } from '@app/platform';
import { freePort } from '@app/testing';

/**
 * TLS to the data systems as the cluster runs it (docs/operations.md "TLS inside the cluster"), on real servers
 * started here: a CA made for the run signs a certificate for `localhost`; redis-server, nats-server and a PostgreSQL
 * of its own (initdb as the postgres user, `hostnossl ... reject`) present it. The config reads TLS_CA_FILE once and the
 * platform's clients (ioredis, BullMQ, nats.js, pg) connect with rediss://, tls:// and sslmode=verify-full; a server
 * whose certificate another CA signed, or whose name is not the one dialled, is refused, and PostgreSQL refuses a
 * connection without TLS.
 */
jest.setTimeout(60_000);

function certificate(subject: string, issuer: { cert?: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } | null, dnsNames: string[]) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial in minimal DER: forge drops one leading zero byte at most, so `0` + random bytes starting 0x00
  // 0x00..0x7f gave a padded INTEGER that OpenSSL refuses ("illegal padding"), about 1 certificate in 512
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: subject }];
  cert.setSubject(attrs);
  cert.setIssuer(issuer?.cert ? issuer.cert.subject.attributes : attrs);
  cert.setExtensions(
    issuer
      ? [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, keyEncipherment: true }, { name: 'extKeyUsage', serverAuth: true }, { name: 'subjectAltName', altNames: dnsNames.map((value) => ({ type: 2, value })) }]
      : [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }],
  );
  cert.sign(issuer ? issuer.key : key, forge.md.sha256.create());
  return { cert, key, certPem: forge.pki.certificateToPem(cert), keyPem };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-int-'));
const file = (name: string, text: string, mode = 0o644) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text, { mode });
  return p;
};
const ca = certificate('boardroom test internal CA', null, []);
const otherCa = certificate('another CA', null, []);
const server = certificate('localhost', ca, ['localhost']);
const CA_FILE = file('ca.crt', ca.certPem);
const OTHER_CA_FILE = file('other-ca.crt', otherCa.certPem);
const CERT_FILE = file('server.crt', server.certPem);
const KEY_FILE = file('server.key', server.keyPem, 0o600);
/** the CA as the config reads it (TLS_CA_FILE), and another CA that did not sign the servers */
const config = (env: Record<string, string>) => parseConfig(baseConfigSchema.extend(databaseConfigSchema.shape), { HTTP_PORT: '0', DATABASE_URL: 'postgres://x@localhost/x', ...env });
const trusted = (): TlsCa => config({ TLS_CA_FILE: CA_FILE }).TLS_CA_FILE!;
const untrusted = (): TlsCa => config({ TLS_CA_FILE: OTHER_CA_FILE }).TLS_CA_FILE!;

const children: ChildProcess[] = [];
function start(command: string, args: string[], ready: RegExp, opts: { uid?: number; gid?: number } = {}): Promise<void> {
  let out = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  children.push(child);
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const tick = setInterval(() => {
      if (ready.test(out)) {
        clearInterval(tick);
        resolve();
      } else if (child.exitCode !== null || Date.now() - t0 > 20_000) {
        clearInterval(tick);
        reject(new Error(`${command} did not start: ${out}`));
      }
    }, 100);
  });
}
const refusal = (p: Promise<unknown>) => p.then(() => 'allowed', (e: unknown) => `${(e as NodeJS.ErrnoException).code ?? ''} ${(e as Error).message}`);

afterAll(async () => {
  for (const c of children) {
    c.kill('SIGTERM');
    if (c.exitCode === null) await new Promise((r) => c.once('exit', r));
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('TLS_CA_FILE in the config', () => {
  it('is read once into the PEM the clients get; a missing file stops the config, named', () => {
    expect(trusted()).toEqual({ file: CA_FILE, pem: ca.certPem });
    expect(() => config({ TLS_CA_FILE: path.join(dir, 'missing.crt') })).toThrow(/TLS_CA_FILE: cannot read the CA file .*missing\.crt/);
  });
});

describe('Valkey/Redis over TLS (rediss://)', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    await start('redis-server', ['--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1', '--tls-cert-file', CERT_FILE, '--tls-key-file', KEY_FILE, '--tls-ca-cert-file', CA_FILE, '--tls-auth-clients', 'no', '--save', '', '--appendonly', 'no', '--dir', dir], /Ready to accept connections/);
  });
  /** 'allowed' when the connection becomes ready, else the first error (the TLS handshake's) */
  const handshake = (url: string, ca: TlsCa) =>
    new Promise<string>((resolve) => {
      const r = new Redis({ ...redisOptionsOf(url, ca), lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      r.once('error', (e: NodeJS.ErrnoException) => {
        resolve(`${e.code ?? ''} ${e.message}`);
        r.disconnect();
      });
      r.once('ready', () => {
        resolve('allowed');
        r.disconnect();
      });
      r.connect().catch(() => undefined); // the error event above says why
    });

  it('the platform client connects with the CA of TLS_CA_FILE, and BullMQ too', async () => {
    const c = config({ REDIS_URL: `rediss://localhost:${port}`, TLS_CA_FILE: CA_FILE });
    const redis = createRedis(redisUrlOf(c), 'tls-test', c.TLS_CA_FILE);
    try {
      await expect(redis.ping()).resolves.toBe('PONG');
      const queue = new Queue('tls-probe', { connection: redisConnection(c.REDIS_URL, c.TLS_CA_FILE), prefix: 'bull' });
      await expect(queue.add('probe', { n: 1 }).then((j) => j.name)).resolves.toBe('probe');
      await queue.close();
    } finally {
      redis.disconnect();
    }
  });

  it('refuses a server that another CA signed, and a name the certificate does not hold', async () => {
    await expect(handshake(`rediss://localhost:${port}`, trusted())).resolves.toBe('allowed');
    await expect(handshake(`rediss://localhost:${port}`, untrusted())).resolves.toMatch(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|self.signed|unable to verify/i);
    await expect(handshake(`rediss://127.0.0.1:${port}`, trusted())).resolves.toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|does not match/);
  });
});

describe('NATS over TLS (tls://)', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    const conf = file('nats.conf', `listen: "127.0.0.1:${port}"\ntls {\n  cert_file: "${CERT_FILE}"\n  key_file: "${KEY_FILE}"\n  ca_file: "${CA_FILE}"\n}\n`);
    await start('nats-server', ['-c', conf], /Server is ready/);
  });

  it('the platform client connects with the CA of TLS_CA_FILE', async () => {
    const c = config({ NATS_URL: `tls://localhost:${port}`, TLS_CA_FILE: CA_FILE });
    const nc = await connectNats(c.NATS_URL, 'tls-test', {}, c.TLS_CA_FILE);
    try {
      await expect(nc.flush()).resolves.toBeUndefined();
    } finally {
      await nc.close();
    }
  });

  it('refuses a server that another CA signed', async () => {
    await expect(refusal(connectNats(`tls://localhost:${port}`, 'tls-test', {}, untrusted()))).resolves.toMatch(/certificate|self.signed|unable to verify/i);
  });
});

describe('PostgreSQL over TLS (sslmode=verify-full)', () => {
  let port = 0;
  const pgBin = (name: string) => {
    const base = '/usr/lib/postgresql';
    const version = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
    return path.join(base, version, 'bin', name);
  };
  const query = async (url: string, ca?: TlsCa) => {
    const c = new Client(pgOptionsOf(url, ca));
    c.on('error', () => undefined);
    try {
      await c.connect();
      return (await c.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()')).rows[0].ssl;
    } finally {
      await c.end().catch(() => undefined);
    }
  };

  beforeAll(async () => {
    // a server of its own (the machine's shared one is not ours to reconfigure), run as the postgres user
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    const data = path.join(dir, 'pg');
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chownSync(data, uid, gid);
    for (const f of [CERT_FILE, KEY_FILE, CA_FILE]) fs.chownSync(f, uid, gid);
    execFileSync(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth', 'trust'], { uid, gid, stdio: 'ignore' });
    fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'hostnossl all all all reject\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\n');
    port = await freePort();
    await start(pgBin('postgres'), ['-D', data, '-p', String(port), '-c', 'listen_addresses=localhost', '-c', `unix_socket_directories=${data}`, '-c', 'ssl=on', '-c', `ssl_cert_file=${CERT_FILE}`, '-c', `ssl_key_file=${KEY_FILE}`], /ready to accept connections/, { uid, gid });
  });

  it('a verify-full URL connects over TLS with the CA of TLS_CA_FILE', async () => {
    const c = config({ DATABASE_URL: `postgres://postgres@localhost:${port}/postgres?sslmode=verify-full`, TLS_CA_FILE: CA_FILE });
    await expect(query(c.DATABASE_URL, c.TLS_CA_FILE)).resolves.toBe(true);
  });

  it('refuses a server that another CA signed, a name the certificate does not hold, and a connection without TLS', async () => {
    await expect(refusal(query(`postgres://postgres@localhost:${port}/postgres?sslmode=verify-full`, untrusted()))).resolves.toMatch(/self.signed|unable to verify|SELF_SIGNED|UNABLE_TO_VERIFY/i);
    await expect(refusal(query(`postgres://postgres@127.0.0.1:${port}/postgres?sslmode=verify-full`, trusted()))).resolves.toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|does not match/);
    // verify-ca checks the chain only: the address is then accepted
    await expect(query(`postgres://postgres@127.0.0.1:${port}/postgres?sslmode=verify-ca`, trusted())).resolves.toBe(true);
    await expect(refusal(query(`postgres://postgres@localhost:${port}/postgres`))).resolves.toMatch(/no encryption|pg_hba\.conf rejects/);
  });
});
