import fs from 'node:fs';
import path from 'node:path';
import * as contracts from '@app/contracts';
import type { ContractUsage } from './identities';

/**
 * What each service uses of libs/contracts, read from its sources: every value it imports from '@app/contracts'
 * (type-only imports apart) that is an RPC, an event, a job (its queue) or a fan-out subject, or a list or table of
 * them. The gateway
 * also calls every RPC of the route table (it registers its routes from that table). An RPC or event a service
 * names but only for its type gets a permission too: the list errs on the side of what the code can reach, never
 * below it (a missing permission is refused at run time, in the API suite with NATS_IDENTITIES=1).
 */
const ROOT = path.resolve(__dirname, '../..');
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@app\/contracts'/g;

function sourcesOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesOf(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });
}

/** the names a source imports as values from '@app/contracts' */
export function importedNames(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) continue;
    for (const spec of m[2].split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      out.push(s.split(/\s+as\s+/)[0].trim());
    }
  }
  return out;
}

type Found = { rpcs: Set<string>; events: Set<string>; fanout: Set<string>; queues: Set<string> };
function collect(value: unknown, into: Found, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 2) return;
  const v = value as { kind?: string; subject?: unknown; wildcard?: unknown; rpc?: unknown };
  if (v.kind === 'rpc' && typeof v.subject === 'string') return void into.rpcs.add(v.subject);
  if (v.kind === 'event' && typeof v.subject === 'string') return void into.events.add(v.subject);
  if (v.kind === 'job' && typeof (v as { queue?: unknown }).queue === 'string') return void into.queues.add((v as { queue: string }).queue);
  if (typeof v.wildcard === 'string') return void into.fanout.add(v.wildcard);
  // a route (its RPC), or a list or table of definitions
  if (v.rpc) return collect(v.rpc, into, depth + 1);
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) for (const x of Object.values(value)) collect(x, into, depth + 1);
}

export function contractUsage(service: string): ContractUsage {
  const found: Found = { rpcs: new Set(), events: new Set(), fanout: new Set(), queues: new Set() };
  const exported = contracts as unknown as Record<string, unknown>;
  for (const file of sourcesOf(path.join(ROOT, 'services', service, 'src'))) {
    for (const name of importedNames(fs.readFileSync(file, 'utf8'))) collect(exported[name], found);
  }
  if (service === 'gateway') for (const { route } of contracts.ROUTE_TABLE) collect(route, found);
  const sorted = (s: Set<string>) => [...s].sort();
  return { service, rpcs: sorted(found.rpcs), events: sorted(found.events), fanout: sorted(found.fanout), queues: sorted(found.queues) };
}
