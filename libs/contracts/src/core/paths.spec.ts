import { AppPaths, MEETING_ITEM_KINDS, meetingItemAnchor, parseMeetingItemHash, type MeetingItemRef } from './paths';

describe('links to an agenda item', () => {
  it.each<[MeetingItemRef | undefined, string]>([
    [undefined, '/app/activity/meetings/7'],
    [{ kind: 'decision', id: 3 }, '/app/activity/meetings/7#_decision-3'],
    [{ kind: 'action', id: 3 }, '/app/activity/meetings/7#_action-3'],
    [{ kind: 'talking_point', id: 3 }, '/app/activity/meetings/7#_talking_point-3'],
    [{ kind: 'decision', id: 123456789 }, '/app/activity/meetings/7#_decision-123456789'],
  ])('AppPaths.meeting(7, %j) is %s', (item, path) => {
    expect(AppPaths.meeting(7, item)).toBe(path);
  });

  it.each<[string, ReturnType<typeof parseMeetingItemHash>]>([
    ['#_decision-3', { kind: 'decision', id: 3 }],
    ['#_action-3', { kind: 'action', id: 3 }],
    ['#_talking_point-3', { kind: 'talking_point', id: 3 }],
    // links sent before the kind was named: any kind (the page opens the first agenda entry with the id)
    ['#_3', { kind: null, id: 3 }],
    ['#_40', { kind: null, id: 40 }],
    // not an item
    ['', null],
    ['#', null],
    ['#_', null],
    ['#board-book', null],
    ['#_decision-', null],
    ['#_decision', null],
    ['#_-3', null],
    ['#_0', null],
    ['#_03', null],
    ['#_decision-0', null],
    ['#_decision--3', null],
    ['#_decision-3.5', null],
    ['#_decision-3x', null],
    ['#_poll-3', null],
    ['#_Decision-3', null],
    ['#_talking-point-3', null],
    ['#_subpoints-3', null],
    ['_decision-3', null],
    ['#_99999999999999999', null],
  ])('%j -> %j', (hash, expected) => {
    expect(parseMeetingItemHash(hash)).toEqual(expected);
  });

  it.each(MEETING_ITEM_KINDS.flatMap((kind) => [1, 3, 2 ** 31 - 1].map((id) => ({ kind, id }))))('the hash of %j reads back as it', (item) => {
    expect(parseMeetingItemHash(`#${meetingItemAnchor(item)}`)).toEqual(item);
    expect(AppPaths.meeting(7, item).endsWith(`#${meetingItemAnchor(item)}`)).toBe(true);
  });
});
