import { badStringPaths, isBadString, undecodableMultipart } from './input-guard';

describe('strings no service may store', () => {
  const strings: [string, string, boolean][] = [
    ['plain text', 'Board meeting', false],
    ['Arabic (right to left)', 'اجتماع المجلس', false],
    ['an emoji (a valid surrogate pair)', 'vote 👍', false],
    ['empty', '', false],
    ['NUL alone', '\u0000', true],
    ['NUL inside', 'a\u0000b', true],
    ['a lone low surrogate', '\udc00', true],
    ['a lone high surrogate at the end', 'abc\ud83d', true],
    ['a high surrogate followed by a letter', '\ud83dx', true],
    ['a low surrogate before its high one', '\udc4d\ud83d', true],
  ];
  it.each(strings)('%s', (_name, s, bad) => {
    expect(isBadString(s)).toBe(bad);
  });

  const bodies: [string, unknown, string[]][] = [
    ['a clean body', { title: 'x', subpoints: [{ title: 'y' }], duration: 15, ok: true, none: null }, []],
    ['a top-level field', { title: 'a\u0000', description: 'fine' }, ['title']],
    ['a nested field in an array', { subpoints: [{ title: 'ok' }, { title: '\udc00' }] }, ['subpoints.1.title']],
    ['an array of strings', { users: ['1', '\u0000'] }, ['users.1']],
    ['several fields', { a: '\u0000', b: { c: '\ud800' } }, ['a', 'b.c']],
    ['a bad key', { 'ti\u0000tle': 'x' }, ['ti\ufffdtle']],
    ['the whole value', '\u0000', ['_']],
    ['a number, a boolean, null', 5, []],
    ['a query with a NUL search', { search: '\u0000', page: '1' }, ['search']],
  ];
  it.each(bodies)('%s', (_name, value, paths) => {
    expect(badStringPaths(value)).toEqual(paths);
  });

  it('names fields under a prefix', () => {
    expect(badStringPaths({ q: '\u0000' }, 'filter')).toEqual(['filter.q']);
  });
});

describe('undecodableMultipart: a multipart body without a usable boundary is refused (415)', () => {
  it.each([
    [undefined, false],
    ['application/json', false],
    ['multipart/form-data; boundary=abc123', false],
    ['multipart/form-data; boundary="a b c"', false],
    ['multipart/form-data;boundary=x', false],
    ['MULTIPART/FORM-DATA; charset=utf-8; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', false],
    ['multipart/form-data', true],
    ['multipart/form-data; boundary=', true],
    ['multipart/form-data; boundary=""', true],
    ['multipart/mixed; charset=utf-8', true],
    [`multipart/form-data; boundary=${'x'.repeat(71)}`, true],
  ])('%s → %s', (type, refused) => {
    expect(undecodableMultipart(type)).toBe(refused);
  });
});
