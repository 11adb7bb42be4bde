import { z } from 'zod';
import { ROUTE_TABLE, successBodySchema, zOk, type RouteDef } from '@app/contracts';
import { openApiDocument } from './openapi';
import { bySpecificity, inRegistrationOrder, missingFile } from './routes';

/**
 * The route table: one definition per /api route. These tests prove that what /api/docs documents is what
 * the services answer: a forwarding route's documented `data` is the very schema its RPC answers.
 */
describe('route table', () => {
  const forwarding = ROUTE_TABLE.filter((t) => t.route.rpc);

  it.each(forwarding.map((t) => [t.name, t.route] as const))('%s documents the schema its RPC answers', (_, route) => {
    const answered = route.rpc!.response as z.ZodType;
    const shape = answered instanceof z.ZodObject ? (answered.shape as Record<string, z.ZodType>) : {};
    if (route.answer === 'data' || route.answer === 'raw') expect(route.response).toBe(answered);
    else if (route.answer === 'paged') expect(route.response).toBe(shape.items);
    else if (route.answer === 'empty') expect(answered).toBe(zOk);
    else expect(route.response).toBe(shape[route.answer.pick]);
  });

  const doc = openApiDocument(ROUTE_TABLE) as { paths: Record<string, Record<string, any>> };
  const ops = ROUTE_TABLE.map((t) => [t.name, t.route, doc.paths[t.route.path.replace(/:(\w+)/g, '{$1}')]?.[t.route.method.toLowerCase()]] as const);

  it.each(ops)('%s is in /api/docs with its success body and the catalogue errors', (name, route: RouteDef, op) => {
    expect(op.operationId).toBe(name);
    if (route.produces === 'redirect') expect(op.responses[302].headers.Location).toBeDefined();
    else if (route.produces === 'file') expect(op.responses[200].content['*/*'].schema.format).toBe('binary');
    else expect(op.responses[200].content['application/json'].schema).toEqual(z.toJSONSchema(successBodySchema(route), { io: 'output', unrepresentable: 'any' }));
    for (const status of [404, 409, 500, 508]) expect(op.responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorBody');
    if (route.access === 'user') expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403']));
    if (route.rateLimit) expect(op.responses[429]).toBeDefined();
    const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    expect(op.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name)).toEqual(inPath);
  });

  it('paths and names are unique (the table throws at import otherwise)', () => {
    expect(new Set(ROUTE_TABLE.map((t) => `${t.route.method} ${t.route.path}`)).size).toBe(ROUTE_TABLE.length);
  });
});

describe('registration order: literal segments before parameters', () => {
  const r = (path: string) => ({ path }) as RouteDef;
  it.each([
    ['/api/meetings/calendar', '/api/meetings/:id'],
    ['/api/meetings/:id/decisions/archived', '/api/meetings/:id/decisions/:decision'],
    ['/api/singleDecision/hide/:id', '/api/singleDecision/:id'],
    ['/api/users/deleted', '/api/users/:id'],
  ])('%s before %s', (specific, general) => {
    expect(bySpecificity(r(specific), r(general))).toBeLessThan(0);
    expect(bySpecificity(r(general), r(specific))).toBeGreaterThan(0);
    expect([r(general), r(specific)].sort(bySpecificity).map((x) => x.path)).toEqual([specific, general]);
  });
});

describe('registration order: GET routes first, each method in its own most-specific-first order', () => {
  const mostSpecificFirst = [...ROUTE_TABLE].sort((a, b) => bySpecificity(a.route, b.route));
  const registered = inRegistrationOrder(ROUTE_TABLE);
  const key = (t: { route: RouteDef }) => `${t.route.method} ${t.route.path}`;

  it('registers every route once', () => {
    expect(registered.map(key).sort()).toEqual(ROUTE_TABLE.map(key).sort());
  });

  // a request is taken by the first route of its own method that matches it: who wins between two routes is decided
  // among one method's routes only, and their order is the one every route had before the grouping
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s routes keep their most-specific-first order', (method) => {
    const only = (list: typeof registered) => list.filter((t) => t.route.method === method).map(key);
    expect(only(registered)).toEqual(only(mostSpecificFirst));
  });

  it('every GET route comes before any other', () => {
    const firstOther = registered.findIndex((t) => t.route.method !== 'GET');
    expect(registered.slice(firstOther).some((t) => t.route.method === 'GET')).toBe(false);
    expect(firstOther).toBe(ROUTE_TABLE.filter((t) => t.route.method === 'GET').length);
  });

  it('the meeting details are not behind the other methods\' routes', () => {
    const at = registered.findIndex((t) => key(t) === 'GET /api/meetings/:id');
    expect(at).toBeLessThan(mostSpecificFirst.findIndex((t) => key(t) === 'GET /api/meetings/:id'));
    expect(registered.slice(0, at).every((t) => t.route.method === 'GET')).toBe(true);
  });
});

describe('upload routes: a required file is reported with the body errors', () => {
  const single = { kind: 'single', field: 'file', required: { field: 'file', message: 'This field is required.' } } as const;
  const fields = { kind: 'fields', fields: [{ name: 'media', maxCount: 2 }, { name: 'photos', maxCount: 2 }], required: { field: 'media', message: 'At least one photo is required.' } } as const;
  const photo = [{}];
  it.each([
    ['no upload', undefined, undefined, undefined, {}],
    ['optional single file, none came', { kind: 'single', field: 'image' } as const, undefined, undefined, {}],
    ['required single file came', single, {}, undefined, {}],
    ['required single file missing', single, undefined, undefined, { file: ['This field is required.'] }],
    ['required fields: one came in the second field', fields, undefined, { photos: photo }, {}],
    ['required fields: empty lists', fields, undefined, { media: [], photos: [] }, { media: ['At least one photo is required.'] }],
    ['required fields: no files at all', fields, undefined, undefined, { media: ['At least one photo is required.'] }],
  ])('%s', (_, upload, file, files, expected) => {
    expect(missingFile(upload, file, files)).toEqual(expected);
  });
});
