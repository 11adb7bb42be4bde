import type { ActionStatus, TrackerGroup } from '@app/contracts';
import { isActionLocked, overallActionStatus, trackerGroup } from './action-state';

const now = new Date('2030-06-01T10:00:00Z');
const future = new Date('2030-06-02T10:00:00Z');
const past = new Date('2030-05-31T10:00:00Z');
const IP: ActionStatus = 'In Progress';
const C: ActionStatus = 'Complete';
const NC: ActionStatus = 'Not Complete';

describe('overall action state', () => {
  const rows: Array<[string, ActionStatus[], Date, ActionStatus]> = [
    ['all In Progress, open', [IP, IP], future, IP],
    ['all Complete, open', [C, C], future, C],
    ['all Complete, past open_till', [C, C], past, C],
    ['all Not Complete, open', [NC, NC], future, NC],
    ['all Not Complete, past', [NC, NC], past, NC],
    ['past open_till, not everyone Complete', [C, IP], past, NC],
    ['past open_till, all In Progress', [IP, IP], past, NC],
    ['mixed Complete and In Progress, open', [C, IP], future, IP],
    ['mixed Complete and Not Complete, open', [C, NC], future, IP],
    ['one participant Complete', [C], future, C],
    ['no participants, open', [], future, IP],
    ['no participants, past', [], past, NC],
  ];
  it.each(rows)('%s', (_l, statuses, openTill, expected) => expect(overallActionStatus(statuses, openTill, now)).toBe(expected));
});

describe('locked after open_till', () => {
  it.each([[past, true], [now, false], [future, false]] as Array<[Date, boolean]>)('%s -> %s', (d, locked) => expect(isActionLocked(d, now)).toBe(locked));
});

describe('tracker groups', () => {
  const rows: Array<[string, ActionStatus[], boolean, number, Date, TrackerGroup]> = [
    ['untouched, open', [IP, IP], false, 0, future, 'not_started'],
    ['someone answered, open', [IP, IP], true, 0, future, 'on_going'],
    ['progress set, open', [IP], false, 40, future, 'on_going'],
    ['a participant Complete, open', [C, IP], true, 0, future, 'on_going'],
    ['everyone Complete', [C, C], true, 100, future, 'completed'],
    ['everyone Complete after open_till', [C], true, 100, past, 'completed'],
    ['open_till passed', [IP, C], true, 50, past, 'overdue'],
    ['untouched and open_till passed', [IP], false, 0, past, 'overdue'],
    ['all Not Complete, open', [NC], true, 0, future, 'on_going'],
  ];
  it.each(rows)('%s', (_l, statuses, anyStatusChanged, progress, openTill, group) =>
    expect(trackerGroup({ statuses, anyStatusChanged, progress, openTill, now })).toBe(group));
});
