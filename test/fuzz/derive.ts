import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDef } from '@app/contracts';

/**
 * Derives requests from the route table (docs/how-to-fuzz.md): a plausible value for every schema (walking the zod
 * definition), then one mutation that the route's own schema refuses. The schema is the oracle: a mutated input
 * that still parses is not "invalid" and is dropped, so the invalid phase only sends what must write nothing.
 */

type Def = { type: string; [k: string]: any };
const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** A value shaped like what the schema takes (not always valid: a regex or a refinement may still refuse it). */
export function sample(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  switch (def.type) {
    case 'string': {
      const format = (schema as { format?: string }).format ?? def.format;
      if (format === 'email') return 'fuzz@example.test';
      if (format === 'uuid' || format === 'guid') return '00000000-0000-4000-8000-000000000000';
      if (format === 'url') return 'https://example.test/';
      if (format === 'datetime') return '2030-01-01T10:00:00Z';
      return 'fuzz';
    }
    case 'number':
    case 'int':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return '2030-01-01';
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'null':
      return null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, depth + 1);
    case 'lazy':
      return sample(def.getter(), depth + 1);
    case 'pipe':
      // z.preprocess(fn, out) is a pipe whose input is a transform: the output schema says what to send
      return defOf(def.in)?.type === 'transform' ? sample(def.out, depth + 1) : sample(def.in, depth + 1);
    case 'union':
      return sample((def.options as unknown[])[0], depth + 1);
    case 'intersection':
      return { ...(sample(def.left, depth + 1) as object), ...(sample(def.right, depth + 1) as object) };
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((def.shape ?? {}) as Record<string, unknown>)) {
        const value = sample(v, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array':
      return [sample(def.element, depth + 1)];
    case 'tuple':
      return (def.items as unknown[]).map((i) => sample(i, depth + 1));
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/** Paths into a value where a mutation can land: the root, every key of every object and every array element. */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = [], depth = 0): (string | number)[][] {
  out.push(prefix);
  if (depth > 6) return out;
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out, depth + 1));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out, depth + 1);
  return out;
}

export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function deep(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}

/** The values scanners send: wrong types, boundaries, NUL, lone surrogates, RTL and bidi controls, huge and deep. */
export const NASTY_VALUES: unknown[] = [
  true, false, null, [], [1], [true], ['1'], {}, { id: 1 }, { $gt: '' },
  0, -1, 1.5, 1e3, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), Number.MAX_VALUE, 1e-320,
  '', ' ', 'true', '[1]', '1e3', '-1', '1.5', '0x10', '99999999999999999999', 'NaN', 'null',
  '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d', '\uffff', '\u202eevil\u202c', 'مرحبا بالعالم', 'שלום', '\u200f\u200e',
  "' OR '1'='1", '"; DROP TABLE users; --', '../../../../etc/passwd', '<script>alert(1)</script>', '${7*7}', '%00', '%ZZ',
  'x'.repeat(70_000), 'é'.repeat(5_000), deep(300), Array.from({ length: 2_000 }, (_, i) => i),
];
/** strings for path parameters and query values (they are strings on the wire) */
export const NASTY_STRINGS: string[] = [
  'true', 'false', '[1]', '1.5', '1e3', '-1', '0', '00', '+1', ' 1', '1 ', '0x10', '2147483648', '99999999999999999999', 'NaN', 'Infinity',
  '', ' ', 'null', 'undefined', '\u0000', 'a\u0000', '\ud800', '\udc00', '\u202e1', 'مرحبا', "1' OR '1'='1", '1;DROP TABLE x', '../1', '%', '{}', 'x'.repeat(5_000),
];

export const nastyValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: false }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean()) },
);
export const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/**
 * Transport-level oddities. `decoded` is what a lenient server would make of the bytes: undefined means no body can
 * come out of them (an unknown charset or encoding, broken JSON) and the gateway must refuse them before any
 * handler runs; otherwise the route's body schema is the oracle, as for any other body.
 */
export interface Transport {
  name: string;
  headers: Record<string, string>;
  body: Buffer;
  decoded?: unknown;
}
const INVALID_UTF8 = Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]);
export const TRANSPORTS: Transport[] = [
  { name: 'charset=klingon', headers: { 'content-type': 'application/json; charset=klingon' }, body: Buffer.from('{"title":"x"}') },
  { name: 'content-encoding br;q=abc', headers: { 'content-type': 'application/json', 'content-encoding': 'br;q=abc' }, body: Buffer.from('{"title":"x"}') },
  { name: 'gzip that is not gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: Buffer.from('not gzip at all') },
  { name: 'broken JSON', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"title": "x", ') },
  { name: 'JSON with a raw NUL', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"title":"a\u0000b","name":"a\u0000b"}') },
  { name: 'utf-16 JSON', headers: { 'content-type': 'application/json; charset=utf-16' }, body: Buffer.from('{"title":"x"}', 'utf16le'), decoded: { title: 'x' } },
  { name: 'invalid UTF-8 bytes', headers: { 'content-type': 'application/json' }, body: INVALID_UTF8, decoded: JSON.parse(INVALID_UTF8.toString('utf8')) },
];

export type Mutation =
  | { kind: 'body'; path: (string | number)[]; value: unknown }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'query'; name: string; value: string | string[] }
  | { kind: 'transport'; transport: Transport };

export interface FuzzRequest {
  method: string;
  /** the path with parameters filled in (encoded) */
  url: string;
  query: Record<string, string | string[]>;
  body?: unknown;
  raw?: Transport;
  /** what was mutated, for failure messages */
  label: string;
}

const keysOf = (schema: unknown): string[] => {
  let def = defOf(schema);
  for (let i = 0; def && i < 6 && def.type !== 'object'; i++) def = defOf(def.innerType ?? def.in ?? def.out);
  return def?.type === 'object' ? Object.keys(def.shape ?? {}) : [];
};

/** Base (un-mutated) inputs of a route: params '1', a sample query and body. */
export function baseOf(route: RouteDef): { params: Record<string, string>; query: Record<string, string>; body: unknown } {
  const params: Record<string, string> = {};
  for (const m of route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const s = route.params ? (sample(route.params) as Record<string, unknown> | undefined)?.[m[1]] : undefined;
    params[m[1]] = typeof s === 'string' ? s : '1';
  }
  const query: Record<string, string> = {};
  return { params, query, body: route.body ? (sample(route.body) ?? {}) : undefined };
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => {
    try {
      return encodeURIComponent(params[n] ?? '1');
    } catch {
      // a lone surrogate has no UTF-8 form: send the bytes a scanner would (CESU-8 of U+D800)
      return '%ED%A0%80';
    }
  });
}

/** a body as the server gets it: through JSON, and {} when there is none */
function asSent(body: unknown): unknown {
  if (body === undefined) return {};
  try {
    return JSON.parse(JSON.stringify(body)) as unknown;
  } catch {
    return body; // a value JSON cannot carry (a cycle, a BigInt) is judged as it is
  }
}

/** Does the route's own schema refuse this input? (the oracle of the invalid phase) */
function refuses(schema: z.ZodType | undefined, value: unknown): boolean {
  if (!schema) return false;
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true;
  }
}

/** An arbitrary invalid request for the route, or null when the drawn mutation turned out valid. */
export function invalidRequest(route: RouteDef): fc.Arbitrary<FuzzRequest | null> {
  const base = baseOf(route);
  const kinds: fc.Arbitrary<Mutation>[] = [fc.constantFrom(...TRANSPORTS).map((transport) => ({ kind: 'transport', transport }) as Mutation)];
  const paramNames = Object.keys(base.params);
  if (route.params && paramNames.length) {
    kinds.push(fc.record({ name: fc.constantFrom(...paramNames), value: nastyString }).map((m) => ({ kind: 'param', ...m }) as Mutation));
  }
  if (route.query) {
    const names = keysOf(route.query);
    if (names.length) {
      kinds.push(
        fc
          .record({ name: fc.constantFrom(...names), value: fc.oneof(nastyString, fc.array(nastyString, { minLength: 2, maxLength: 3 })) })
          .map((m) => ({ kind: 'query', ...m }) as Mutation),
      );
    }
  }
  if (route.body && route.method !== 'GET') {
    const paths = pathsOf(base.body);
    kinds.push(fc.record({ path: fc.constantFrom(...paths), value: nastyValue }).map((m) => ({ kind: 'body', ...m }) as Mutation));
    kinds.push(fc.record({ path: fc.constantFrom(...paths), value: nastyValue }).map((m) => ({ kind: 'body', ...m }) as Mutation));
  }
  return fc.oneof(...kinds).map((m): FuzzRequest | null => {
    const params = { ...base.params };
    const query: Record<string, string | string[]> = { ...base.query };
    let body = base.body;
    switch (m.kind) {
      case 'transport':
        if (route.method === 'GET' || route.method === 'DELETE') return null;
        // a body the server can decode is invalid only when the route's schema refuses it (a route without a body ignores it)
        if (m.transport.decoded !== undefined && !refuses(route.body, m.transport.decoded)) return null;
        return { method: route.method, url: fillPath(route.path, params), query, raw: m.transport, label: `transport ${m.transport.name}` };
      case 'param':
        params[m.name] = m.value;
        if (!refuses(route.params, params)) return null;
        break;
      case 'query':
        query[m.name] = m.value;
        if (!refuses(route.query, query)) return null;
        break;
      case 'body':
        body = setAt(body, m.path, m.value);
        // the oracle judges the body the gateway receives: what JSON carries (undefined keys dropped, NaN as null…),
        // and a request without a body read as {} (services/gateway/src/core/routes.ts)
        if (!refuses(route.body, asSent(body))) return null;
        break;
    }
    const shown = m.kind === 'body' ? `${m.path.join('.') || '(body)'}=${short(m.value)}` : `${m.name}=${short(m.value)}`;
    return { method: route.method, url: fillPath(route.path, params), query, body, label: `${m.kind} ${shown}` };
  });
}

export function short(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 60 ? `${s.slice(0, 57)}…(${s.length})` : s;
}
