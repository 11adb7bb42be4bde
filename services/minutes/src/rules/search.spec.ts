import { meetingsOf, minutesResults, type ReadableMinutes, type TextHit } from './search';

const at = new Date('2026-05-01T10:00:00Z');
const hit = (meetingId: number, itemType: string, itemId: number, rank: number): TextHit => ({ meetingId, itemType, itemId, text: `${itemType} ${itemId}`, rank, at });
const minutes = (title: string, items: ReadableMinutes['items']): ReadableMinutes => ({ title, items });

describe('meetingsOf', () => {
  it('lists each meeting once, in the order of its best hit', () => {
    expect(meetingsOf([hit(3, 'meeting', 3, 1.5), hit(1, 'talking_point', 7, 1), hit(3, 'decision', 9, 0.4), hit(2, 'meeting', 2, 0.1)])).toEqual([3, 1, 2]);
  });
});

describe('minutesResults', () => {
  const readable = new Map<number, ReadableMinutes | null>([
    [1, minutes('Board', [{ type: 'meeting', id: 1, title: 'Board' }, { type: 'talking_point', id: 7, title: 'Budget' }])],
    [2, null],
    [3, minutes('Audit', [{ type: 'meeting', id: 3, title: 'Audit' }, { type: 'decision', id: 9, title: 'Approve' }])],
  ]);
  it.each([
    ['one result a meeting, its best hit, with the item\'s title', [hit(1, 'talking_point', 7, 1), hit(1, 'meeting', 1, 0.5)], [[1, 'talking_point', 'Budget', 'Board']]],
    ['a meeting the actor may not read (null) or was not asked about (absent) gives nothing', [hit(2, 'meeting', 2, 2), hit(4, 'meeting', 4, 2)], []],
    ['a hit on an item no longer on the minutes is passed over for the next one', [hit(3, 'talking_point', 5, 2), hit(3, 'decision', 9, 1)], [[3, 'decision', 'Approve', 'Audit']]],
    ['a type that differs is another item (decision 7 is not talking point 7)', [hit(1, 'decision', 7, 1)], []],
    ['the hits\' order is kept across meetings', [hit(3, 'meeting', 3, 2), hit(2, 'meeting', 2, 1.5), hit(1, 'meeting', 1, 1)], [[3, 'meeting', 'Audit', 'Audit'], [1, 'meeting', 'Board', 'Board']]],
  ])('%s', (_, hits, expected) => {
    expect(minutesResults(hits, readable).map((r) => [r.hit.meetingId, r.hit.itemType, r.itemTitle, r.meetingTitle])).toEqual(expected);
  });
});
