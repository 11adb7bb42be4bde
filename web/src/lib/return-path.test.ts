import { loginWithReturn, safeReturnPath } from './return-path';

describe('the sign-in return path', () => {
  it.each([
    ['/app/activity/meetings/17', '/app/activity/meetings/17'],
    ['/app/activity/meetings/17?tab=2#_40', '/app/activity/meetings/17?tab=2#_40'],
    ['/app', '/app'],
    ['/app/library', '/app/library'],
    ['/app/../auth/login', null],
    ['/auth/login', null],
    ['/', null],
    ['/application', null],
    ['https://evil.example/app/x', null],
    ['http://demo.localhost/app/x', null],
    ['//evil.example/app/x', null],
    ['/\\evil.example/app/x', null],
    ['\\\\evil.example', null],
    ['/\t/evil.example/app', null],
    ['/app/\nx', null],
    ['javascript:alert(1)', null],
    ['app/x', null],
    ['', null],
    [null, null],
    [undefined, null],
    [`/app/${'x'.repeat(2001)}`, null],
  ])('%p -> %p', (input, out) => expect(safeReturnPath(input as string | null | undefined)).toBe(out));

  it('builds the login address with the path, or without an unsafe one', () => {
    expect(loginWithReturn('/auth/login', '/app/activity/meetings/17')).toBe('/auth/login?next=%2Fapp%2Factivity%2Fmeetings%2F17');
    expect(loginWithReturn('/auth/login', '//evil.example')).toBe('/auth/login');
    expect(loginWithReturn('/auth/login', '/app')).toBe('/auth/login');
  });
});
