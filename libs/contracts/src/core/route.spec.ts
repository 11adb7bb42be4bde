import { z } from 'zod';
import { defineRpc } from './define';
import { defineComposedRoute, defineRoute, routeList, routePath, successBodySchema } from './route';
import { zId, zOk, zPageMeta } from './common';

const zThing = z.object({ id: z.number(), name: z.string() });
const GetThing = defineRpc({ subject: 'thing.v1.get', request: z.object({ id: zId }), response: zThing });
const ListThings = defineRpc({ subject: 'thing.v1.list', request: z.object({}), response: z.object({ items: z.array(zThing), meta: zPageMeta }) });
const AllThings = defineRpc({ subject: 'thing.v1.all', request: z.object({}), response: z.object({ things: z.array(zThing) }) });
const DeleteThing = defineRpc({ subject: 'thing.v1.delete', request: z.object({ id: zId }), response: zOk });
const id = z.object({ id: zId });

describe('defineRoute: the documented answer is derived from the RPC', () => {
  const get = defineRoute({ method: 'GET', path: '/api/things/:id', access: 'user', summary: 's', tags: ['t'], params: id, rpc: GetThing, toRpc: ({ params }) => ({ id: params.id }) });
  const list = defineRoute({ method: 'GET', path: '/api/things', access: 'user', summary: 's', tags: ['t'], answer: 'paged', rpc: ListThings, toRpc: () => ({}) });
  const all = defineRoute({ method: 'GET', path: '/api/things/all', access: 'user', summary: 's', tags: ['t'], answer: { pick: 'things' }, rpc: AllThings, toRpc: () => ({}) });
  const del = defineRoute({ method: 'DELETE', path: '/api/things/:id', access: 'user', summary: 's', tags: ['t'], params: id, answer: 'empty', rpc: DeleteThing, toRpc: ({ params }) => params });

  it.each([
    ['data', get.response, GetThing.response],
    ['paged', list.response, ListThings.response.shape.items],
    ['pick', all.response, AllThings.response.shape.things],
  ])('%s: the route answers exactly the schema the RPC answers', (_, documented, answered) => {
    expect(documented).toBe(answered);
  });

  it('the answer kind stays in the route\'s type (the web tells a paged answer from a plain one)', () => {
    const paged: 'paged' = list.answer;
    const plain: 'data' = get.answer;
    const composed: 'paged' = defineComposedRoute({ method: 'GET', path: '/api/things', access: 'user', summary: 's', tags: ['t'], response: z.array(zThing), answer: 'paged' }).answer;
    expect([paged, plain, composed]).toEqual(['paged', 'data', 'paged']);
  });

  it('empty: data is null', () => {
    expect(del.response.safeParse(null).success).toBe(true);
    expect(del.response.safeParse({ ok: true }).success).toBe(false);
  });

  it('the success body wraps data, with meta for paged routes', () => {
    expect(successBodySchema(get).safeParse({ success: true, data: { id: 1, name: 'a' } }).success).toBe(true);
    expect(successBodySchema(get).safeParse({ success: true, data: { id: '1', name: 'a' } }).success).toBe(false);
    expect(successBodySchema(list).safeParse({ success: true, data: [{ id: 1, name: 'a' }], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } }).success).toBe(true);
    expect(successBodySchema(list).safeParse({ success: true, data: [{ id: 1, name: 'a' }] }).success).toBe(false);
  });

  it.each([
    ['a path outside /api', { path: '/things/:id', params: id }, /must start with \/api/],
    ['a path parameter without a schema', { path: '/api/things/:id', params: undefined }, /lacks :id/],
    ['a schema field that is not in the path', { path: '/api/things', params: id }, /has id, the path does not/],
  ])('refuses %s', (_, def, error) => {
    expect(() => defineRoute({ method: 'GET', access: 'user', summary: 's', tags: [], rpc: GetThing, toRpc: () => ({ id: 1 }), ...def } as never)).toThrow(error);
  });

  it('refuses an answer the RPC cannot give', () => {
    expect(() => defineRoute({ method: 'GET', path: '/api/x', access: 'user', summary: 's', tags: [], answer: 'paged', rpc: GetThing, toRpc: () => ({ id: 1 }) })).toThrow(/no field 'items'/);
    expect(() => defineRoute({ method: 'GET', path: '/api/x', access: 'user', summary: 's', tags: [], answer: 'paged', rpc: AllThings, toRpc: () => ({}) })).toThrow(/no field 'items'/);
  });

  it('a composed route documents the response it declares', () => {
    const r = defineComposedRoute({ method: 'POST', path: '/api/things', access: 'user', summary: 's', tags: [], response: zThing });
    expect(r.response).toBe(zThing);
    expect(r.rpc).toBeUndefined();
  });
});

describe('routePath', () => {
  const r = { path: '/api/meetings/:id/decisions/:decision' };
  it.each([
    [{ id: 5, decision: 7 }, '/api/meetings/5/decisions/7'],
    [{ id: 'a b/c', decision: 1 }, '/api/meetings/a%20b%2Fc/decisions/1'],
  ])('%j -> %s', (params, path) => expect(routePath(r, params)).toBe(path));
  it('a missing parameter is an error, not "undefined" in the URL', () => {
    expect(() => routePath(r, { id: 5 })).toThrow(/missing :decision/);
  });
});

describe('routeList', () => {
  const a = defineRoute({ method: 'GET', path: '/api/things/:id', access: 'user', summary: 's', tags: [], params: id, rpc: GetThing, toRpc: ({ params }) => params });
  const b = defineRoute({ method: 'GET', path: '/api/things/:id', access: 'user', summary: 's', tags: [], params: id, rpc: GetThing, toRpc: ({ params }) => params });
  it('refuses a name or a method + path defined twice', () => {
    expect(() => routeList({ a }, { a: b })).toThrow(/name defined twice: a/);
    expect(() => routeList({ a }, { b })).toThrow(/defined twice: GET \/api\/things\/:id/);
    expect(routeList({ a }).map((x) => x.name)).toEqual(['a']);
  });
});
