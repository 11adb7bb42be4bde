import { z } from 'zod';
import { extreme, extremeRequests } from './extremes';
import type { RouteDef } from '@app/contracts';

const OPTS = { unbounded: 100, maxItems: 7 };

describe('extreme(): a value at the edge of what the schema accepts', () => {
  it.each([
    { name: 'a bounded string is at its longest, in a two-byte script', schema: z.string().max(12), want: 'ب'.repeat(12) },
    { name: 'an unbounded string takes the asked length', schema: z.string(), want: 'ب'.repeat(100) },
    { name: 'a string whose regex refuses Arabic falls back to Latin', schema: z.string().regex(/^[a-z]+$/).max(5), want: 'xxxxx' },
    { name: 'an e-mail keeps its shape', schema: z.email().max(40), want: `${'x'.repeat(27)}@example.test` },
    { name: 'a bounded int is at its bound', schema: z.number().int().min(1).max(99), want: 99 },
    { name: 'an exclusive bound stays below it', schema: z.number().int().lt(10), want: 9 },
    { name: 'an unbounded int is the largest int4', schema: z.number().int(), want: 2_147_483_647 },
    { name: 'an array is at its largest', schema: z.array(z.string().max(2)).max(3), want: ['بب', 'بب', 'بب'] },
    { name: 'an unbounded array stops at maxItems', schema: z.array(z.literal('a')), want: Array(7).fill('a') },
    { name: 'an array that must be unique keeps one element', schema: z.array(z.string().max(1)).max(4).refine((a) => new Set(a).size === a.length), want: ['ب'] },
    { name: 'objects recurse, optionals included', schema: z.strictObject({ a: z.string().max(2).optional(), b: z.boolean() }), want: { a: 'بب', b: true } },
  ])('$name', ({ schema, want }) => {
    const v = extreme(schema, OPTS);
    expect(v).toEqual(want);
    expect(schema.safeParse(v).success).toBe(true);
  });
});

describe('extremeRequests(): only what the route accepts', () => {
  const route = {
    kind: 'route', method: 'POST', path: '/api/things/:id', access: 'user', summary: 'x', tags: ['x'], answer: 'data',
    params: z.strictObject({ id: z.string() }),
    query: undefined,
    body: z.strictObject({ title: z.string().min(1).max(10), note: z.string().optional(), tags: z.array(z.string().max(4)).max(2) }),
    response: z.null(),
  } as unknown as RouteDef;

  it('sends the whole body at its edge, then each field alone at its edge', () => {
    const reqs = extremeRequests(route);
    expect(reqs.map((r) => r.label)).toEqual(['extreme every field', 'extreme title', 'extreme note', 'extreme tags']);
    const note = reqs.find((r) => r.label === 'extreme note')!.body as { note: string };
    // an unbounded string alone fills most of the gateway's 2 MB body
    expect(Buffer.byteLength(note.note)).toBeGreaterThan(1_000_000);
    const all = reqs[0].body as { title: string; tags: string[] };
    expect(all.title).toBe('ب'.repeat(10));
    expect(all.tags).toEqual(['بببب', 'بببب']);
  });
});
