import { execFileSync } from 'node:child_process';
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

  it('the retired IJMEET_SECRET is gone: video-room keys come from each organization\'s own secret', () => {
    expect('IJMEET_SECRET' in (meetingConfigSchema as unknown as { shape: object }).shape).toBe(false);
  });
});
