import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteDef } from '@app/contracts';

/**
 * Derives requests from the route table (docs/how-to-fuzz.md): a plausible value for every schema (walking the zod
 * definition), then one mutation that the route's own schema refuses. The schema is the oracle: a mutated input
 * that still parses is not "invalid" and is dropped, so the invalid phase only sends what must write nothing.
 */

export type Def = { type: string; [k: string]: any };
export const defOf = (s: unknown): Def | undefined => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def;
/** zod types that only wrap another (`innerType`): a value of the inner type is a value of the wrapper */
export const WRAPPERS: ReadonlySet<string> = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** A value shaped like what the schema takes (not always valid: a regex or a refinement may still refuse it). */
export function sample(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  if (WRAPPERS.has(def.type)) return sample(def.innerType, depth + 1);
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

/** The URLs a route's path takes, as Express matches them (a trailing slash and letter case are ignored). */
export function pathPattern(path: string): RegExp {
  const src = path
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${src}/?$`, 'i');
}

/** Query keys no route takes: a scanner's guesses, a bracketed key, a cache-buster's `_`. */
export const UNKNOWN_QUERY_KEYS = ['fuzz_unknown', 'debug', 'admin', 'org_id', 'page[0]', '_'];

/**
 * An arbitrary invalid request for the route, or null when the drawn mutation turned out valid. `others` are the
 * routes of the table: a path parameter mutated into a URL that another route of the same method serves
 * (`GET /api/meetings/` with an empty id is the meeting list) is not a request to this route and is dropped.
 */
export function invalidRequest(route: RouteDef, others: readonly RouteDef[] = []): fc.Arbitrary<FuzzRequest | null> {
  const elsewhere = others.filter((o) => o !== route && o.method === route.method).map((o) => pathPattern(o.path));
  const base = baseOf(route);
  const kinds: fc.Arbitrary<Mutation>[] = [fc.constantFrom(...TRANSPORTS).map((transport) => ({ kind: 'transport', transport }) as Mutation)];
  const paramNames = Object.keys(base.params);
  if (route.params && paramNames.length) {
    kinds.push(fc.record({ name: fc.constantFrom(...paramNames), value: nastyString }).map((m) => ({ kind: 'param', ...m }) as Mutation));
  }
  if (route.query) {
    // a key the route's (strict) query does not know: 409 naming it, never silently dropped
    kinds.push(fc.record({ name: fc.constantFrom(...UNKNOWN_QUERY_KEYS), value: nastyString.filter((v) => v !== '') }).map((m) => ({ kind: 'query', ...m }) as Mutation));
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
        if (elsewhere.some((p) => p.test(fillPath(route.path, params)))) return null;
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

// ---- multipart/form-data ------------------------------------------------------------------------------------------

/** One part of a multipart body: a field, or a file when it has a filename. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A 1×1 PNG: a file every upload route takes (images, library files). */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/** The bytes of a multipart body; `close: false` leaves out the closing delimiter (a truncated form). */
export function formBody(parts: FormPart[], boundary: string, opts: { close?: boolean; crlf?: string } = {}): Buffer {
  const nl = opts.crlf ?? '\r\n';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = [`--${boundary}`, disposition, ...(p.filename !== undefined ? [`Content-Type: ${p.type ?? 'application/octet-stream'}`] : [])].join(nl);
    chunks.push(Buffer.from(`${head}${nl}${nl}`, 'utf8'), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value, 'utf8'), Buffer.from(nl));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${boundary}--${nl}`));
  return Buffer.concat(chunks);
}

/** A form field's text as a browser's FormData would send the sampled value. */
function fieldText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v) ?? '';
}

/** The fields of a route's base body as form parts (arrays as repeated fields), and what multer makes of them. */
export function baseForm(route: RouteDef): { parts: FormPart[]; decoded: Record<string, unknown> } {
  const body = (route.body ? sample(route.body) : {}) as Record<string, unknown> | undefined;
  const parts: FormPart[] = [];
  const decoded: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body && typeof body === 'object' ? body : {})) {
    if (Array.isArray(v)) {
      const texts = v.map(fieldText);
      for (const t of texts) parts.push({ name: k, value: t });
      decoded[k] = texts.length === 1 ? texts[0] : texts;
    } else {
      parts.push({ name: k, value: fieldText(v) });
      decoded[k] = fieldText(v);
    }
  }
  return { parts, decoded };
}

/** The file parts an upload route takes (the first field of a 'fields' upload); none for 'none'. */
export function fileParts(route: RouteDef): FormPart[] {
  const u = route.upload;
  if (!u || u.kind === 'none') return [];
  const name = u.kind === 'single' ? u.field : u.fields[0].name;
  return [{ name, value: PNG_BYTES, filename: 'fuzz.png', type: 'image/png' }];
}

/** Does the route refuse this form? Its body schema judges the fields; a route that needs a file refuses a form without one. */
function formRefused(route: RouteDef, decoded: unknown, hasFile: boolean): boolean {
  if (route.upload && route.upload.kind !== 'none' && route.upload.required && !hasFile) return true;
  return refuses(route.body, decoded);
}

/** Boundaries that are legal but odd: long (70 characters, the most RFC 2046 allows), quoted, full of punctuation. */
const ODD_BOUNDARIES: { header: string; boundary: string }[] = [
  { header: `boundary=${'b'.repeat(70)}`, boundary: 'b'.repeat(70) },
  { header: 'boundary="quoted boundary"', boundary: 'quoted boundary' },
  { header: "boundary='()+_,-./:=?", boundary: "'()+_,-./:=?" },
  { header: 'boundary=x', boundary: 'x' },
];

/** Wrong Content-Types for a form body; `decoded` is the body the gateway then reads (none: {}). */
const WRONG_FORM_TYPES = ['text/plain', 'multipart/mixed; boundary=fuzzb', 'multipart/related; boundary=fuzzb', 'multipart/form-data; boundary=', 'application/octet-stream', 'image/png'];

/**
 * An arbitrary invalid multipart/form-data request to an upload route (null when the drawn mutation is still valid):
 * a field of the wrong type (NUL, surrogates, 'true', '[1]', exponents, a huge value), repeated or sent as an object
 * (`name[a]`), a missing file, a file in a field the route does not take or too many of them, a file of the wrong
 * type, a field over multer's 1 MB limit, broken framing (a boundary the body does not use, none at all, a form cut
 * short, a part without a name) or a wrong Content-Type. The route's schema is the oracle for every mutation that
 * leaves the form readable.
 */
export function invalidFormRequest(route: RouteDef): fc.Arbitrary<FuzzRequest | null> {
  const base = baseOf(route);
  const url = fillPath(route.path, base.params);
  const form = baseForm(route);
  const files = fileParts(route);
  const names = form.parts.length ? [...new Set(form.parts.map((p) => p.name))] : ['fuzz'];
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const request = (label: string, body: Buffer, contentType = `multipart/form-data; boundary=${boundary}`): FuzzRequest => ({
    method: route.method,
    url,
    query: {},
    raw: { name: `multipart ${label}`, headers: { 'content-type': contentType }, body },
    label: `multipart ${label}`,
  });
  const withField = (name: string, value: string | string[] | Record<string, string>) => {
    const parts = form.parts.filter((p) => p.name !== name);
    if (Array.isArray(value)) for (const v of value) parts.push({ name, value: v });
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) parts.push({ name: `${name}[${k}]`, value: v });
    else parts.push({ name, value });
    // what multer reads: the UTF-8 of each value (a lone surrogate arrives as U+FFFD), `name[k]` as an object
    const utf8 = (v: string) => Buffer.from(v, 'utf8').toString('utf8');
    const read = Array.isArray(value) ? value.map(utf8) : typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, utf8(v)])) : utf8(value);
    return { parts, decoded: { ...form.decoded, [name]: read } };
  };
  const fieldValue = fc.oneof(
    { weight: 5, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constant('x'.repeat(70_000)) },
    { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '$gt'), nastyString, { minKeys: 1, maxKeys: 2 }) },
  );
  const fieldMutation = fc.record({ name: fc.constantFrom(...names), value: fieldValue });

  const kinds: fc.Arbitrary<FuzzRequest | null>[] = [
    // a field of the wrong type, repeated, or an object
    fieldMutation.map(({ name, value }) => {
      const f = withField(name, value);
      if (!formRefused(route, f.decoded, files.length > 0)) return null;
      return request(`field ${name}=${short(value)}`, formBody([...f.parts, ...files], boundary));
    }),
    // no file at all (the fields as they are, or with a wrong one)
    fc.option(fieldMutation, { nil: undefined }).map((m) => {
      const f = m ? withField(m.name, m.value) : form;
      if (!formRefused(route, f.decoded, false)) return null;
      return request(`no file${m ? `, field ${m.name}=${short(m.value)}` : ''}`, formBody(f.parts, boundary));
    }),
    // past multer's limits: a field value over 1 MB, a name nested 40 deep (32 allowed), an array index of 5,000 (1,000
    // allowed), 1,001 parts (1,000 allowed): refused whatever the schema says
    fc.constantFrom('huge field value', 'nested 40 deep', 'array index 5000', '1001 parts').map((what) => {
      const rest = form.parts.filter((p) => p.name !== names[0]);
      const extra: FormPart[] =
        what === 'huge field value'
          ? [{ name: names[0], value: 'x'.repeat(1_100_000) }]
          : what === 'nested 40 deep'
            ? [{ name: `${names[0]}${'[a]'.repeat(40)}`, value: '1' }]
            : what === 'array index 5000'
              ? [{ name: `${names[0]}[5000]`, value: '1' }]
              : Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}`, value: '1' }));
      return request(what, formBody([...rest, ...extra, ...files], boundary));
    }),
    // a 300-byte field name (multer sets no limit on names): an unknown key, judged by the schema
    fc.constant(null).map(() => {
      const name = 'n'.repeat(300);
      if (!formRefused(route, { ...form.decoded, [name]: '1' }, files.length > 0)) return null;
      return request('huge field name', formBody([...form.parts, { name, value: '1' }, ...files], boundary));
    }),
    // a file where the route takes none, or more than it takes: refused whatever the schema says
    fc.constantFrom('unexpected field', 'too many').map((what) => {
      const extra: FormPart[] =
        what === 'unexpected field'
          ? [{ name: 'fuzz_file', value: PNG_BYTES, filename: 'x.png', type: 'image/png' }]
          : Array.from({ length: 22 }, () => ({ name: files[0]?.name ?? 'file', value: PNG_BYTES, filename: 'x.png', type: 'image/png' }));
      return request(`file ${what}`, formBody([...form.parts, ...files, ...extra], boundary));
    }),
    // a file of the wrong type (with a field the schema refuses, so the request is invalid whatever the route takes)
    fc.tuple(fieldMutation, fc.constantFrom(
      { filename: 'evil.exe', type: 'application/x-msdownload', value: Buffer.from('MZ\u0090\u0000') },
      { filename: 'fake.png', type: 'image/png', value: Buffer.from('<script>alert(1)</script>') },
      { filename: '', type: 'image/png', value: PNG_BYTES },
      { filename: '../../etc/passwd', type: 'text/plain', value: Buffer.from('root:x:0:0') },
      { filename: 'empty.pdf', type: 'application/pdf', value: Buffer.alloc(0) },
      { filename: 'nul\u0000.png', type: 'image/png\u0000', value: PNG_BYTES },
    )).map(([m, file]) => {
      const f = withField(m.name, m.value);
      if (!files.length || !formRefused(route, f.decoded, true)) return null;
      return request(`file ${short(file.filename)} (${file.type.replace(/\0/g, '\\0')}), field ${m.name}=${short(m.value)}`, formBody([...f.parts, { name: files[0].name, ...file }], boundary));
    }),
    // broken framing: never a readable form
    fc.constantFrom(
      { label: 'boundary the body does not use', body: () => formBody([...form.parts, ...files], 'otherBoundary'), type: `multipart/form-data; boundary=${boundary}` },
      { label: 'no boundary', body: () => formBody([...form.parts, ...files], boundary), type: 'multipart/form-data' },
      { label: 'form cut short', body: () => formBody([...form.parts, ...files], boundary, { close: false }), type: `multipart/form-data; boundary=${boundary}` },
      { label: 'boundary over 70 characters', body: () => formBody([...form.parts, ...files], 'z'.repeat(200)), type: `multipart/form-data; boundary=${'z'.repeat(201)}` },
      { label: 'LF line ends only', body: () => formBody([...form.parts, ...files], boundary, { crlf: '\n', close: false }), type: `multipart/form-data; boundary=${boundary}` },
      { label: 'part without a name', body: () => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` },
      { label: 'part without headers', body: () => Buffer.from(`--${boundary}\r\n\r\nx\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` },
      { label: 'garbage', body: () => Buffer.from('\u0000\u00ff\u00fe not a form at all'), type: `multipart/form-data; boundary=${boundary}` },
    ).map((b) => {
      // a framing the parser may still read (as no parts) is judged as an empty form
      if (!formRefused(route, {}, false)) return null;
      return request(b.label, b.body(), b.type);
    }),
    // odd but legal boundaries, with a field the schema refuses
    fc.tuple(fc.constantFrom(...ODD_BOUNDARIES), fieldMutation).map(([b, m]) => {
      const f = withField(m.name, m.value);
      if (!formRefused(route, f.decoded, files.length > 0)) return null;
      return request(`boundary ${short(b.header)}, field ${m.name}=${short(m.value)}`, formBody([...f.parts, ...files], b.boundary), `multipart/form-data; ${b.header}`);
    }),
    // a form under the wrong Content-Type: the gateway reads no form (the route gets {} and no file)
    fc.constantFrom(...WRONG_FORM_TYPES).map((type) => {
      if (!formRefused(route, {}, false)) return null;
      return request(`content-type ${type}`, formBody([...form.parts, ...files], 'fuzzb'), type);
    }),
  ];
  return fc.oneof(...kinds);
}
