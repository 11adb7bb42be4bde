import { FILES_TOTAL_MAX_BYTES, IMAGE_MAX_BYTES, ROUTE_TABLE, type RouteUpload } from '@app/contracts';
import { FORM_FIELDS_MAX_BYTES, FORM_OVERHEAD_BYTES, largestMultipart, multipartMaxBytes } from './body-limits';
import { credentialsInQuery } from './input-guard';

const MB = 1024 * 1024;

describe('multipartMaxBytes: the whole body of a multipart route', () => {
  it.each<[string, RouteUpload, number]>([
    ['no file (a form of fields)', { kind: 'none' }, FORM_FIELDS_MAX_BYTES],
    ['one image', { kind: 'single', field: 'image' }, IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES],
    ['one streamed 50 MB file', { kind: 'single', field: 'file', maxBytes: 50 * MB, stream: 'library' }, 50 * MB + FORM_OVERHEAD_BYTES],
    ['two images', { kind: 'fields', fields: [{ name: 'a', maxCount: 1 }, { name: 'b', maxCount: 1 }] }, 2 * IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES],
    ['80 photos: capped', { kind: 'fields', fields: [{ name: 'media', maxCount: 80 }] }, FILES_TOTAL_MAX_BYTES + FORM_OVERHEAD_BYTES],
  ])('%s', (_name, upload, expected) => {
    expect(multipartMaxBytes(upload)).toBe(expected);
  });

  it('a 12 MB body is over the limit of a form without files (/api/sso/check)', () => {
    expect(12 * MB).toBeGreaterThan(multipartMaxBytes({ kind: 'none' }));
  });

  it('the limit before the route is known is the largest route limit of the table', () => {
    const routes = ROUTE_TABLE.map((r) => r.route);
    const largest = largestMultipart(routes);
    for (const r of routes) if (r.upload) expect(multipartMaxBytes(r.upload)).toBeLessThanOrEqual(largest);
    expect(largest).toBeLessThan(200 * MB);
  });
});

describe('credentialsInQuery', () => {
  it.each<[unknown, string[]]>([
    [{}, []],
    [{ email: 'a@b.c' }, []],
    [{ email: 'a@b.c', password: 'x' }, ['password']],
    [{ bin_code: '12345', token: 't' }, ['bin_code']],
    [{ password: '', password_confirmation: '' }, ['password', 'password_confirmation']],
    [{ code: '123456', state: 's' }, []],
    [undefined, []],
  ])('%p -> %p', (query, expected) => {
    expect(credentialsInQuery(query)).toEqual(expected);
  });
});
