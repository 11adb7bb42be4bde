import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import { ConfigError, declaredSecrets, DEVELOPMENT_SECRETS, parseConfig } from '@app/platform';
import { approvalConfigSchema } from '../services/approval/src/config';
import { gatewayConfigSchema } from '../services/gateway/src/config';
import { libraryConfigSchema } from '../services/library/src/config';
import { meetingConfigSchema } from '../services/meeting/src/config';
import { minutesConfigSchema } from '../services/minutes/src/config';
import { notificationConfigSchema } from '../services/notification/src/config';
import { organizationConfigSchema } from '../services/organization/src/config';
import { presentationConfigSchema } from '../services/presentation/src/config';

/**
 * The one rule for secrets (libs/platform/src/config.ts secret(), optionalSecret(), devOnly()), variable by variable
 * against each service's own config schema: with NODE_ENV=production each secret alone unset, or alone at its
 * development default, stops the configuration naming it (and only it); outside production (npm start, npm test, CI)
 * the development defaults still apply. And each service's secrets here are those the deploy files hand it
 * (scripts/services.mjs `secrets`, which k8s/generate.mjs and scripts/lib/deploy-validate.mjs use). The entry points
 * themselves are started in libs/platform/test/production-config.int-spec.ts.
 */
const ROOT = path.resolve(__dirname, '..');
const manifest = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', "import { ALL_SERVICES } from './scripts/services.mjs'; console.log(JSON.stringify(ALL_SERVICES))"], { cwd: ROOT, encoding: 'utf8' }),
) as { name: string; secrets?: string[]; optionalSecrets?: string[] }[];

const SCHEMAS: Record<string, z.ZodType> = {
  organization: organizationConfigSchema,
  meeting: meetingConfigSchema,
  notification: notificationConfigSchema,
  approval: approvalConfigSchema,
  library: libraryConfigSchema,
  presentation: presentationConfigSchema,
  minutes: minutesConfigSchema,
  gateway: gatewayConfigSchema,
};
const devDefaults = DEVELOPMENT_SECRETS as Record<string, string>;
/** what the service needs in production: its declared secrets, and DATABASE_URL (it holds the database password) */
const needs = (schema: z.ZodType): string[] => {
  const shape = (schema as unknown as { shape: Record<string, unknown> }).shape;
  return [...('DATABASE_URL' in shape ? ['DATABASE_URL'] : []), ...declaredSecrets(schema).filter((d) => d.required).map((d) => d.name)];
};
const value = (k: string) => (k === 'DATABASE_URL' ? 'postgres://app:pw@db:5432/boardroom' : k === 'SMTP_URL' ? 'smtp://u:p@relay:587' : `${k.toLowerCase()}-of-this-deployment-0123456789`);
const allSet = (schema: z.ZodType): Record<string, string> => ({ NODE_ENV: 'production', ...Object.fromEntries(needs(schema).map((k) => [k, value(k)])) });
const failure = (schema: z.ZodType, env: Record<string, string | undefined>): string => {
  try {
    parseConfig(schema, env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  return '(started)';
};
const namedIn = (message: string) => [...message.matchAll(/^ {2}([A-Z][A-Z0-9_]*): /gm)].map((m) => m[1]);

const cases = Object.entries(SCHEMAS).flatMap(([service, schema]) => needs(schema).map((k) => [service, k, schema] as const));

describe('secrets in production, variable by variable', () => {
  it('every service of the manifest has its schema here', () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(manifest.map((s) => s.name).sort());
  });

  it.each(Object.entries(SCHEMAS))('%s: its secrets are the ones the deploy files give it (scripts/services.mjs)', (service, schema) => {
    const m = manifest.find((s) => s.name === service)!;
    expect([...needs(schema)].sort()).toEqual([...(m.secrets ?? [])].sort());
    const optional = declaredSecrets(schema).filter((d) => !d.required).map((d) => d.name);
    for (const k of optional) expect(m.optionalSecrets ?? []).toContain(k);
  });

  it.each(Object.entries(SCHEMAS))('%s: starts with every secret set to a value of its own', (_service, schema) => {
    expect(failure(schema, allSet(schema))).toBe('(started)');
  });

  it.each(cases)('%s: %s unset stops it, named', (_service, k, schema) => {
    const env: Record<string, string | undefined> = { ...allSet(schema), [k]: undefined };
    expect(namedIn(failure(schema, env))).toEqual([k]);
    // an empty value is unset too
    expect(namedIn(failure(schema, { ...env, [k]: '' }))).toEqual([k]);
  });

  it.each(cases.filter(([, k]) => k in devDefaults))('%s: %s at its development default stops it, named', (_service, k, schema) => {
    const message = failure(schema, { ...allSet(schema), [k]: devDefaults[k] });
    expect(namedIn(message)).toEqual([k]);
    expect(message).toContain(`${k}: still a development default`);
  });

  it('a development default in another secret variable is refused too (the retired ijmeet default as well)', () => {
    expect(namedIn(failure(organizationConfigSchema, { ...allSet(organizationConfigSchema), AUTH_SECRET: DEVELOPMENT_SECRETS.OUTBOX_KEY }))).toEqual(['AUTH_SECRET']);
    expect(namedIn(failure(meetingConfigSchema, { ...allSet(meetingConfigSchema), AUTH_SECRET: 'development-ijmeet-secret' }))).toEqual(['AUTH_SECRET']);
  });

  it('an optional secret (zoom) may be unset, but not a development default', () => {
    expect(failure(meetingConfigSchema, allSet(meetingConfigSchema))).toBe('(started)');
    expect(namedIn(failure(meetingConfigSchema, { ...allSet(meetingConfigSchema), ZOOM_CLIENT_SECRET: DEVELOPMENT_SECRETS.AUTH_SECRET }))).toEqual(['ZOOM_CLIENT_SECRET']);
  });

  it.each(Object.entries(SCHEMAS))('%s: outside production (npm start, npm test, CI) the development defaults still apply', (_service, schema) => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const c = parseConfig(schema, { NODE_ENV, DATABASE_URL: 'postgres://boardroom_app@127.0.0.1:5432/boardroom' }) as Record<string, unknown>;
      for (const k of needs(schema).filter((x) => x in devDefaults)) expect(c[k]).toBe(devDefaults[k]);
    }
  });

  /**
   * The optional secrets (a feature is off without them) go through the same rule (issue 32): the queue dashboard's
   * password, the e-mail OAuth2 credentials and the DKIM key. Each feature is configured here with values of its own
   * and starts; each of its secrets alone at a development value, or left out while the feature is configured, stops
   * the configuration naming it; and no message ever repeats a secret's value (a ConfigError is printed to the log).
   */
  const DKIM_KEY = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const FEATURES: [string, z.ZodType, string, Record<string, string>][] = [
    ['the queue dashboard', gatewayConfigSchema, 'gateway', { QUEUE_DASHBOARD_USER: 'operator', QUEUE_DASHBOARD_PASSWORD: 'queue-dashboard-password-of-this-deployment' }],
    ['SMTP OAuth2 with a refresh token', notificationConfigSchema, 'notification', { SMTP_URL: 'smtp://relay:587', SMTP_OAUTH2_USER: 'mail@board.example', SMTP_OAUTH2_CLIENT_ID: 'client-id', SMTP_OAUTH2_CLIENT_SECRET: 'oauth2-client-secret-of-this-deployment', SMTP_OAUTH2_REFRESH_TOKEN: 'oauth2-refresh-token-of-this-deployment' }],
    ['SMTP OAuth2 with an access token', notificationConfigSchema, 'notification', { SMTP_URL: 'smtp://relay:587', SMTP_OAUTH2_USER: 'mail@board.example', SMTP_OAUTH2_ACCESS_TOKEN: 'oauth2-access-token-of-this-deployment' }],
    ['DKIM signing', notificationConfigSchema, 'notification', { DKIM_DOMAIN: 'board.example', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: DKIM_KEY }],
  ];
  const secretsOf = (schema: z.ZodType, feature: Record<string, string>) => {
    const optional = new Set(declaredSecrets(schema).filter((d) => !d.required).map((d) => d.name));
    return Object.keys(feature).filter((k) => optional.has(k));
  };
  const featureCases = FEATURES.flatMap(([what, schema, service, feature]) => secretsOf(schema, feature).map((k) => [what, k, schema, service, feature] as const));

  it('the optional secrets under the rule: the dashboard password, the e-mail OAuth2 credentials and the DKIM key', () => {
    const optional = (schema: z.ZodType) => declaredSecrets(schema).filter((d) => !d.required && !d.name.endsWith('_PREVIOUS')).map((d) => d.name).sort();
    expect(optional(gatewayConfigSchema)).toEqual(['QUEUE_DASHBOARD_PASSWORD']);
    expect(optional(notificationConfigSchema)).toEqual(
      ['DKIM_PRIVATE_KEY', 'SMTP_OAUTH2_ACCESS_TOKEN', 'SMTP_OAUTH2_CLIENT_SECRET', 'SMTP_OAUTH2_REFRESH_TOKEN'],
    );
    // in the deploy lists of the pods that use them, and of no other
    for (const k of ['QUEUE_DASHBOARD_USER', 'QUEUE_DASHBOARD_PASSWORD', 'SMTP_OAUTH2_CLIENT_SECRET', 'SMTP_OAUTH2_REFRESH_TOKEN', 'SMTP_OAUTH2_ACCESS_TOKEN', 'DKIM_PRIVATE_KEY']) {
      expect(manifest.filter((m) => [...(m.secrets ?? []), ...(m.optionalSecrets ?? [])].includes(k)).map((m) => m.name)).toEqual([k.startsWith('QUEUE_') ? 'gateway' : 'notification']);
    }
  });

  it.each(FEATURES)('%s: configured with values of its own, production starts', (_what, schema, _service, feature) => {
    expect(failure(schema, { ...allSet(schema), ...feature })).toBe('(started)');
  });

  it.each(featureCases)('%s: %s at a development value stops it, named, the value never printed', (_what, k, schema, _service, feature) => {
    for (const dev of Object.values(DEVELOPMENT_SECRETS)) {
      const message = failure(schema, { ...allSet(schema), ...feature, [k]: dev });
      expect(namedIn(message)).toContain(k);
      expect(message).toContain(`${k}: still a development default`);
      expect(message).not.toContain(dev);
    }
    // outside production the same value is not judged (development, tests)
    expect(() => parseConfig(schema, { ...allSet(schema), ...feature, [k]: DEVELOPMENT_SECRETS.AUTH_SECRET, NODE_ENV: 'development' })).not.toThrow(/still a development default/);
  });

  it.each(featureCases)('%s: configured without %s, production refuses it, named', (_what, k, schema, _service, feature) => {
    const message = failure(schema, { ...allSet(schema), ...feature, [k]: undefined });
    expect(message).not.toBe('(started)');
    expect(namedIn(message).length).toBeGreaterThan(0);
    // the message names what is missing and repeats no value of the others
    for (const [other, v] of Object.entries(feature)) if (other !== k && secretsOf(schema, feature).includes(other)) expect(message).not.toContain(v);
  });

  it('the dashboard password alone, without the user, or shorter than 16 characters, is refused without printing it', () => {
    const base = allSet(gatewayConfigSchema);
    expect(namedIn(failure(gatewayConfigSchema, { ...base, QUEUE_DASHBOARD_USER: 'operator' }))).toEqual(['QUEUE_DASHBOARD_PASSWORD']);
    const short = failure(gatewayConfigSchema, { ...base, QUEUE_DASHBOARD_USER: 'operator', QUEUE_DASHBOARD_PASSWORD: 'tooShort-9x' });
    expect(namedIn(short)).toEqual(['QUEUE_DASHBOARD_PASSWORD']);
    expect(short).not.toContain('tooShort-9x');
    // both unset (or empty, as docker-compose passes them): the dashboard is off, production starts
    expect(failure(gatewayConfigSchema, { ...base, QUEUE_DASHBOARD_USER: '', QUEUE_DASHBOARD_PASSWORD: '' })).toBe('(started)');
  });

  it('a DKIM key that is not a key is refused without printing it', () => {
    const broken = DKIM_KEY.replace(/\n[A-Za-z0-9+/]{20}/, '\nAAAAAAAAAAAAAAAAAAAA');
    const message = failure(notificationConfigSchema, { ...allSet(notificationConfigSchema), DKIM_DOMAIN: 'board.example', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: broken });
    expect(namedIn(message)).toEqual(['DKIM_PRIVATE_KEY']);
    for (const line of broken.split('\n').filter((l) => l && !l.startsWith('-----'))) expect(message).not.toContain(line);
  });

  /** the key rings (docs/operations.md#rotating-secrets): the previous key is an optional secret of every pod that holds the current one */
  const previousCases = Object.entries(SCHEMAS).flatMap(([service, schema]) =>
    ['OUTBOX_KEY', 'AUTH_SECRET'].filter((k) => needs(schema).includes(k)).map((k) => [service, `${k}_PREVIOUS`, schema] as const),
  );
  it('every pod holding AUTH_SECRET or OUTBOX_KEY can be given the previous key (and only those pods)', () => {
    expect(previousCases.length).toBe(8 + 3);
    for (const [service, k, schema] of previousCases) {
      expect(declaredSecrets(schema).find((d) => d.name === k)).toEqual({ name: k, required: false, kind: 'optional' });
      expect(manifest.find((m) => m.name === service)!.optionalSecrets).toContain(k);
    }
    for (const m of manifest) if (!(m.secrets ?? []).includes('AUTH_SECRET')) expect(m.optionalSecrets ?? []).not.toContain('AUTH_SECRET_PREVIOUS');
  });
  it.each(previousCases)('%s: %s of its own starts; at a development default, or shorter than 16 characters, it stops the service, named', (_service, k, schema) => {
    expect(failure(schema, { ...allSet(schema), [k]: 'the-key-before-this-rotation-0123' })).toBe('(started)');
    for (const dev of Object.values(DEVELOPMENT_SECRETS).filter((d) => d.length >= 16)) expect(namedIn(failure(schema, { ...allSet(schema), [k]: dev }))).toEqual([k]);
    expect(namedIn(failure(schema, { ...allSet(schema), [k]: 'short' }))).toEqual([k]);
  });

  it('the retired IJMEET_SECRET is gone: video-room keys come from each organization\'s own secret', () => {
    expect('IJMEET_SECRET' in (meetingConfigSchema as unknown as { shape: object }).shape).toBe(false);
  });
});
