import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { databaseUrl, natsTlsOptions, natsUrl, pgOptionsOf, redisOptionsOf, redisUrl, tlsCaFile, type TlsCa } from './tls';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUZ\n-----END CERTIFICATE-----\n';
const CA: TlsCa = { file: '/etc/boardroom/ca/ca.crt', pem: PEM };
const ok = (schema: z.ZodType, v: string) => schema.safeParse(v).success;

describe('TLS_CA_FILE (read once, when the config is parsed)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tls-ca-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads a PEM file into { file, pem }; unset or empty is undefined', () => {
    const file = path.join(dir, 'ca.crt');
    fs.writeFileSync(file, PEM);
    expect(tlsCaFile.parse(file)).toEqual({ file, pem: PEM });
    expect(tlsCaFile.parse(undefined)).toBeUndefined();
    expect(tlsCaFile.parse('')).toBeUndefined();
  });

  it.each([
    ['a missing file', () => path.join(dir, 'nope.crt'), /cannot read the CA file .*nope\.crt \(ENOENT\)/],
    ['a file without a certificate', () => (fs.writeFileSync(path.join(dir, 'key.pem'), '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n'), path.join(dir, 'key.pem')), /holds no PEM certificate/],
  ])('refuses %s, naming it', (_name, file, message) => {
    const r = tlsCaFile.safeParse(file());
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(message);
  });
});

describe('URLs the config accepts', () => {
  it.each([
    [natsUrl, 'nats://127.0.0.1:4222', true],
    [natsUrl, 'tls://nats.boardroom-data.svc:4222', true],
    [natsUrl, 'http://nats:4222', false],
    [natsUrl, 'tls://', false],
    [redisUrl, 'redis://127.0.0.1:6379', true],
    [redisUrl, 'redis://library:secret@127.0.0.1:6379/7', true],
    [redisUrl, 'rediss://valkey.boardroom-data.svc:6379', true],
    [redisUrl, 'http://valkey:6379', false],
    [redisUrl, 'rediss://valkey:6379/x', false],
    [redisUrl, 'not a url', false],
    [databaseUrl, 'postgres://boardroom_meeting:pw@127.0.0.1:5432/boardroom', true],
    [databaseUrl, 'postgres://u:pw@boardroom-pg-rw.boardroom-data.svc:5432/boardroom?sslmode=verify-full', true],
    [databaseUrl, 'postgresql://u@h/db?sslmode=verify-ca', true],
    [databaseUrl, 'postgres://u@h/db?sslmode=disable', true],
    [databaseUrl, 'postgres://u@h/db?sslmode=require', false],
    [databaseUrl, 'postgres://u@h/db?sslmode=prefer', false],
    [databaseUrl, 'mysql://u@h/db', false],
  ] as [z.ZodType, string, boolean][])('%#: %s', (schema, value, accepted) => {
    expect(ok(schema, value)).toBe(accepted);
  });
});

describe('client options from a URL and the CA', () => {
  it.each([
    ['nats:// plain', 'nats://127.0.0.1:4222', CA, { servers: '127.0.0.1:4222' }],
    ['tls:// with the CA', 'tls://nats.boardroom-data.svc:4222', CA, { servers: 'nats.boardroom-data.svc:4222', tls: { ca: PEM } }],
    ['tls:// with the system trust', 'tls://nats:4222', undefined, { servers: 'nats:4222', tls: {} }],
  ])('NATS %s', (_name, url, ca, expected) => {
    expect(natsTlsOptions(url, ca)).toEqual(expected);
  });

  it.each([
    ['redis:// with user, password and database', 'redis://library:p%40ss@127.0.0.1:6390/7', CA, { host: '127.0.0.1', port: 6390, username: 'library', password: 'p@ss', db: 7 }],
    ['redis:// bare', 'redis://127.0.0.1', undefined, { host: '127.0.0.1', port: 6379 }],
    ['rediss:// with the CA', 'rediss://valkey.boardroom-data.svc:6379', CA, { host: 'valkey.boardroom-data.svc', port: 6379, tls: { ca: PEM, servername: 'valkey.boardroom-data.svc' } }],
    ['rediss:// with the system trust', 'rediss://gateway:pw@valkey:6379', undefined, { host: 'valkey', port: 6379, username: 'gateway', password: 'pw', tls: { servername: 'valkey' } }],
  ])('Redis %s', (_name, url, ca, expected) => {
    expect(redisOptionsOf(url, ca)).toEqual(expected);
  });

  it.each([
    ['no sslmode: no TLS', 'postgres://u:pw@h:5432/db', CA, { connectionString: 'postgres://u:pw@h:5432/db' }],
    ['disable', 'postgres://u:pw@h:5432/db?sslmode=disable', CA, { connectionString: 'postgres://u:pw@h:5432/db' }],
    ['verify-full: chain and host name', 'postgres://u:pw@h:5432/db?sslmode=verify-full&application_name=x', CA, { connectionString: 'postgres://u:pw@h:5432/db?application_name=x', ssl: { ca: PEM, rejectUnauthorized: true } }],
    ['verify-full, libpq file parameters dropped', 'postgres://u:pw@h:5432/db?sslmode=verify-full&sslrootcert=/x.crt', undefined, { connectionString: 'postgres://u:pw@h:5432/db', ssl: { rejectUnauthorized: true } }],
  ])('PostgreSQL %s', (_name, url, ca, expected) => {
    expect(pgOptionsOf(url, ca)).toEqual(expected);
  });

  it('PostgreSQL verify-ca checks the chain but not the host name', () => {
    const o = pgOptionsOf('postgres://u@h/db?sslmode=verify-ca', CA);
    expect(o.connectionString).toBe('postgres://u@h/db');
    expect(o.ssl).toMatchObject({ ca: PEM, rejectUnauthorized: true });
    expect(o.ssl?.checkServerIdentity?.()).toBeUndefined();
  });
});
