import { AppError } from '@app/contracts';
import { baseConfigSchema, ConfigError, parseConfig } from './config';
import { isFault, otlpTracesUrl } from './tracing';

/** The tracing settings and rules that need no collector. */
describe('tracing settings', () => {
  it.each<[string, string]>([
    ['http://collector:4318', 'http://collector:4318/v1/traces'],
    ['http://collector:4318/', 'http://collector:4318/v1/traces'],
    ['https://otlp.example.test/v1/traces', 'https://otlp.example.test/v1/traces'],
    ['https://otlp.example.test/tenant-a', 'https://otlp.example.test/tenant-a/v1/traces'],
  ])('OTLP endpoint %s posts to %s', (endpoint, url) => {
    expect(otlpTracesUrl(endpoint)).toBe(url);
  });

  const parse = (env: Record<string, string>) => parseConfig(baseConfigSchema, { HTTP_PORT: '3000', ...env });
  it.each<[Record<string, string>, string | undefined, number]>([
    [{}, undefined, 1],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, undefined, 1],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER_ARG: '0.25' }, 'http://collector:4318', 0.25],
  ])('config %j: endpoint %s, ratio %d', (env, endpoint, ratio) => {
    const c = parse(env);
    expect([c.OTEL_EXPORTER_OTLP_ENDPOINT, c.OTEL_TRACES_SAMPLER_ARG]).toEqual([endpoint, ratio]);
  });

  it.each<[Record<string, string>]>([[{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318 ' }], [{ OTEL_TRACES_SAMPLER_ARG: '2' }], [{ OTEL_TRACES_SAMPLER_ARG: 'all' }]])('refuses %j', (env) => {
    expect(() => parse(env)).toThrow(ConfigError);
  });

  it.each<[unknown, boolean]>([
    [new AppError('NOT_FOUND'), false],
    [AppError.validation({ title: 'This field is required.' }), false],
    [new AppError('RPC_TIMEOUT'), true],
    [new AppError('INTERNAL'), true],
    [new Error('crash'), true],
    ['a string thrown', true],
  ])('%p is a fault: %p', (e, fault) => {
    expect(isFault(e)).toBe(fault);
  });
});
