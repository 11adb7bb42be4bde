import { calendarIntegrations, splitDisabled } from './settings';

describe('splitDisabled', () => {
  it.each([
    [[], { m: [], r: [] }],
    [['home', 'news'], { m: [], r: ['home', 'news'] }],
    [['meeting.zoom', 'presentation'], { m: ['meeting.zoom'], r: ['presentation'] }],
  ])('%j', (na, expected) => {
    expect(splitDisabled(na)).toEqual(expected);
  });
});

describe('calendarIntegrations', () => {
  it.each([
    ['nothing configured', {}, [false, false, false]],
    ['null settings', null, [false, false, false]],
    ['google configured', { google: { client: 'x' } }, [true, false, false]],
    ['ical feed configured', { ical: { url: 'https://x.test/feed.ics' } }, [false, false, true]],
    ['a null entry is not configured', { outlook: null }, [false, false, false]],
  ])('%s', (_n, config, connected) => {
    const list = calendarIntegrations(config);
    expect(list.map((i) => i.key)).toEqual(['google', 'outlook', 'ical']);
    expect(list.map((i) => i.connected)).toEqual(connected);
  });
  it('exposes the feed URL of a configured iCal feed', () => {
    expect(calendarIntegrations({ ical: { url: 'https://x.test/f.ics' } })[2].url).toBe('https://x.test/f.ics');
  });
});
