import type { TalkingPointPayload } from '@app/contracts';
import { guestAgendaItems, plannedStarts, publishedItems } from './agenda-times';

describe('plannedStarts: the meeting start plus the items before, in agenda order', () => {
  const start = new Date('2026-12-01T09:00:00Z');
  const at = (m: number) => new Date(start.getTime() + m * 60_000).toISOString();
  it.each<[string, Array<{ id: number; rowNum: number; minutes: number }>, Record<number, string>]>([
    ['no items', [], {}],
    ['one item starts with the meeting', [{ id: 1, rowNum: 1, minutes: 30 }], { 1: at(0) }],
    ['in row order, durations add up', [{ id: 1, rowNum: 1, minutes: 30 }, { id: 2, rowNum: 2, minutes: 45 }, { id: 3, rowNum: 3, minutes: 10 }], { 1: at(0), 2: at(30), 3: at(75) }],
    ['row order wins over id and input order', [{ id: 9, rowNum: 2, minutes: 20 }, { id: 4, rowNum: 1, minutes: 15 }], { 4: at(0), 9: at(15) }],
    ['same row: by id', [{ id: 7, rowNum: 1, minutes: 5 }, { id: 3, rowNum: 1, minutes: 10 }], { 3: at(0), 7: at(10) }],
    ['an item without a duration takes no time', [{ id: 1, rowNum: 1, minutes: 0 }, { id: 2, rowNum: 2, minutes: 60 }], { 1: at(0), 2: at(0) }],
    ['a negative duration counts as none', [{ id: 1, rowNum: 1, minutes: -20 }, { id: 2, rowNum: 2, minutes: 5 }], { 1: at(0), 2: at(0) }],
  ])('%s', (_name, items, expected) => {
    const got = Object.fromEntries([...plannedStarts(start, items)].map(([id, d]) => [id, d.toISOString()]));
    expect(got).toEqual(expected);
  });
});

describe('publishedItems: the talking points of the agenda as the e-mail prints them', () => {
  const person = (name: string | null, email: string | null) => ({ id: 1, user_id: name ? 1 : null, user_email: email, user: name ? { id: 1, name, image: null, position: null, email, designation: null } : null });
  const tp = (title: string, presenters: ReturnType<typeof person>[], files: number) =>
    ({ title, planned_start: '2026-12-01 12:00:00', total_duration: 30, presenters, files_count: files }) as unknown as TalkingPointPayload;
  it.each<[string, Parameters<typeof publishedItems>[0], ReturnType<typeof publishedItems>]>([
    ['an empty agenda', [], []],
    ['decisions and actions are not items', [{ agenda_type: 'decision', data: [] }, { agenda_type: 'action', data: [] }], []],
    [
      'names, else the guest e-mail',
      [{ agenda_type: 'talking_point', data: [tp('Budget', [person('Ann', 'a@x.test'), person(null, 'guest@x.test')], 2)] }],
      [{ title: 'Budget', startLocal: '2026-12-01 12:00:00', duration: 30, presenters: ['Ann', 'guest@x.test'], files: 2 }],
    ],
    [
      'order kept across groups',
      [{ agenda_type: 'talking_point', data: [tp('A', [], 0)] }, { agenda_type: 'decision', data: [] }, { agenda_type: 'talking_point', data: [tp('B', [], 1)] }],
      [{ title: 'A', startLocal: '2026-12-01 12:00:00', duration: 30, presenters: [], files: 0 }, { title: 'B', startLocal: '2026-12-01 12:00:00', duration: 30, presenters: [], files: 1 }],
    ],
  ])('%s', (_name, agendas, expected) => expect(publishedItems(agendas)).toEqual(expected));
});

describe("guestAgendaItems: the published agenda as an invited guest's e-mail gives it", () => {
  const items = [
    { title: 'Budget', startLocal: '2026-12-01 09:00:00', duration: 30, presenters: ['Chair Person', 'guest.presenter@example.com'], files: 2 },
    { title: 'Risks', startLocal: '2026-12-01 09:30:00', duration: 15, presenters: [], files: 0 },
  ];
  it.each([
    ['the NDA accepted or not required: the items, presenters by name only', false, [{ ...items[0], presenters: ['Chair Person'] }, items[1]]],
    ['a required NDA not yet accepted: nothing of the agenda', true, []],
  ] as const)('%s', (_n, ndaPending, expected) => {
    expect(guestAgendaItems(items, ndaPending)).toEqual(expected);
  });
});
