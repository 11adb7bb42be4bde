import type { z } from 'zod';
import type { RouteDef } from '@app/contracts';
import { baseOf, defOf, sample, WRAPPERS, type Def, type FuzzRequest } from './derive';

/**
 * The valid-extremes phase of the fuzz run (docs/how-to-fuzz.md): inputs the route's own schema ACCEPTS, at the edge
 * of what it accepts: every string at its longest (in a two-byte script, so a bound counted in bytes somewhere
 * behind the gateway shows), every array at its largest, every bounded number at its bound, and strings the schema
 * leaves unbounded as long as the gateway's body limit lets through. Such input is valid, so the answer may be a
 * success or any refusal of the catalogue (404 for an id that does not exist, 413 for a body past a limit), but
 * never a 5xx: whatever the schema lets in, every layer behind it (NATS, PostgreSQL, S3, the templates) must carry.
 */


/** the largest value a `max_length` / `less_than` check of the schema allows, if it has one */
function bound(def: Def, check: 'max_length' | 'less_than'): number | undefined {
  let out: number | undefined;
  for (const c of (def.checks ?? []) as { _zod: { def: { check: string; maximum?: number; value?: number; inclusive?: boolean } } }[]) {
    const d = c._zod.def;
    if (d.check !== check) continue;
    const v = check === 'max_length' ? d.maximum : d.inclusive ? d.value : (d.value ?? 0) - 1;
    if (typeof v === 'number') out = out === undefined ? v : Math.min(out, v);
  }
  return out;
}

const accepts = (schema: unknown, value: unknown): boolean => {
  try {
    return (schema as z.ZodType).safeParse(value).success;
  } catch {
    return false;
  }
};

export interface ExtremeOptions {
  /** length of a string the schema leaves unbounded */
  unbounded: number;
  /** most elements of an array the schema leaves unbounded (or bounds above this) */
  maxItems: number;
  /** try Latin before the two-byte script (a query string: each Arabic letter is 6 bytes once percent-encoded) */
  latinFirst?: boolean;
}

/**
 * The schema's value at the edge of what it accepts. Each leaf is checked against its own schema (the oracle):
 * a candidate the leaf refuses (a regex, an e-mail's shape) falls back to a plain sample, so the whole value stays valid
 * wherever the leaves decide.
 */
export function extreme(schema: unknown, opts: ExtremeOptions, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 8) return undefined;
  if (WRAPPERS.has(def.type)) return extreme(def.innerType, opts, depth + 1);
  switch (def.type) {
    case 'string': {
      const max = bound(def, 'max_length');
      const n = max ?? opts.unbounded;
      const scripts = opts.latinFirst ? ['x'.repeat(n), 'ب'.repeat(n)] : ['ب'.repeat(n), 'x'.repeat(n)];
      const candidates = [
        ...scripts,
        // an e-mail at its longest: the local part is at most 64 characters
        `${'x'.repeat(Math.max(1, Math.min(64, n - 13)))}@example.test`,
        sample(schema),
      ];
      return candidates.find((c) => accepts(schema, c)) ?? sample(schema);
    }
    case 'number':
    case 'int': {
      const max = bound(def, 'less_than');
      const candidates = [max, 2_147_483_647, 1_000_000, sample(schema)].filter((c) => c !== undefined);
      return candidates.find((c) => accepts(schema, c)) ?? sample(schema);
    }
    case 'lazy':
      return extreme(def.getter(), opts, depth + 1);
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? extreme(def.out, opts, depth + 1) : extreme(def.in, opts, depth + 1);
    case 'union': {
      for (const o of def.options as unknown[]) {
        const v = extreme(o, opts, depth + 1);
        if (accepts(o, v)) return v;
      }
      return sample(schema);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((def.shape ?? {}) as Record<string, unknown>)) {
        const value = extreme(v, opts, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const max = bound(def, 'max_length');
      const n = Math.min(max ?? opts.maxItems, opts.maxItems);
      const one = extreme(def.element, opts, depth + 1);
      // elements that must be unique (ids, e-mails) cannot all be the same value: one then is the extreme
      const many = Array.from({ length: n }, () => one);
      return accepts(schema, many) ? many : [one];
    }
    default:
      return sample(schema, depth);
  }
}

function shapeOf(schema: unknown): Record<string, unknown> {
  let def = defOf(schema);
  for (let i = 0; def && i < 6 && def.type !== 'object'; i++) {
    if (def.type === 'pipe') def = defOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
    else if (WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else return {};
  }
  return def?.type === 'object' ? ((def.shape ?? {}) as Record<string, unknown>) : {};
}

/** the gateway's JSON body limit is 2 MB (services/gateway/src/main.ts): one unbounded field fills most of it (900,000 two-byte characters) */
const ONE_FIELD: ExtremeOptions = { unbounded: 900_000, maxItems: 200 };
/** every field at its edge at once: unbounded strings kept moderate so the body stays under the limit */
const ALL_FIELDS: ExtremeOptions = { unbounded: 4_000, maxItems: 50 };
/** a query string travels in the request line: Node refuses a request head past 16 KiB (431), before any route */
const QUERY: ExtremeOptions = { unbounded: 2_000, maxItems: 5, latinFirst: true };
const QUERY_BYTES = 12_000;

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => encodeURIComponent(params[n] ?? '1'));
}

const size = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '');

/**
 * The valid-extremes requests of one route: the whole body at its edge, then each top-level field alone at its edge
 * (an unbounded one as long as the body limit allows), and the query at its edge. Only what the route's own schemas
 * accept is sent; a route without a body or query gets none.
 */
export function extremeRequests(route: RouteDef): FuzzRequest[] {
  const base = baseOf(route);
  const url = fill(route.path, base.params);
  const out: FuzzRequest[] = [];
  const seen = new Set<string>();
  const push = (req: FuzzRequest) => {
    const key = `${JSON.stringify(req.query)} ${req.body === undefined ? '' : size(req.body) > 100_000 ? `${req.label}` : JSON.stringify(req.body)}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(req);
  };
  if (route.body && route.method !== 'GET') {
    const whole = extreme(route.body, ALL_FIELDS);
    if (accepts(route.body, whole) && size(whole) < 1_900_000) push({ method: route.method, url, query: {}, body: whole, label: 'extreme every field' });
    const baseBody = accepts(route.body, base.body) ? (base.body as Record<string, unknown>) : (whole as Record<string, unknown>);
    if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
      for (const [k, v] of Object.entries(shapeOf(route.body))) {
        const body = { ...baseBody, [k]: extreme(v, ONE_FIELD) };
        if (accepts(route.body, body) && size(body) < 1_900_000) push({ method: route.method, url, query: {}, body, label: `extreme ${k}` });
      }
    }
  }
  if (route.query) {
    const wire = (q: unknown): Record<string, string | string[]> | undefined => {
      if (!q || typeof q !== 'object') return undefined;
      const query: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
        if (v === undefined || v === null) continue;
        query[k] = Array.isArray(v) ? v.map(String) : String(v);
      }
      // the wire carries strings: keep the query only if its schema takes it back from them, and it fits a request head
      const bytes = Object.entries(query).reduce((n, [k, v]) => n + [v].flat().reduce((m, x) => m + k.length + encodeURIComponent(x).length + 2, 0), 0);
      return accepts(route.query, query) && bytes <= QUERY_BYTES ? query : undefined;
    };
    const body = route.body && route.method !== 'GET' ? base.body : undefined;
    const whole = wire(extreme(route.query, QUERY));
    if (whole) push({ method: route.method, url, query: whole, body, label: 'extreme query' });
    // each key alone at its edge: the whole query may not fit a request head where each key does
    for (const [k, v] of Object.entries(shapeOf(route.query))) {
      const one = wire({ ...(sample(route.query) as object), [k]: extreme(v, QUERY) });
      if (one) push({ method: route.method, url, query: one, body, label: `extreme query ${k}` });
    }
  }
  return out;
}

/** A route's plain request (its sample params, no query, its sample body): what reaches a route that takes no input. */
export function plainRequest(route: RouteDef): FuzzRequest {
  const base = baseOf(route);
  return { method: route.method, url: fill(route.path, base.params), query: {}, body: route.method === 'GET' ? undefined : base.body, label: 'plain' };
}
