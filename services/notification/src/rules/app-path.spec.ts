import { appPathOf } from './app-path';

describe('appPathOf', () => {
  it.each([
    ['http://demo.localhost:3000/app/activity/meetings/7', '/app/activity/meetings/7'],
    ['https://acme.example.com/app/activity/meetings/7#_3', '/app/activity/meetings/7#_3'],
    ['/app/activity/meetings/7#_decision-3', '/app/activity/meetings/7#_decision-3'],
    ['http://demo.localhost:3000/meeting/7?token=abc', '/meeting/7?token=abc'],
    ['/app/dashboards/action-tracker', '/app/dashboards/action-tracker'],
    ['//evil.example.com/x', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (link, expected) => {
    expect(appPathOf(link)).toBe(expected);
  });
});
