import { meetingReminderAfterLeadChange, reminderFireTime, reminderJobId, reviewReminderFireTime } from './reminder-time';

const now = new Date('2026-03-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('reminderFireTime', () => {
  const cases: [string, string, number[], string | null][] = [
    ['a deadline in 3 days: one day before', '2026-03-04T12:00:00Z', [1440, 60], '2026-03-03T12:00:00.000Z'],
    ['a deadline in 5 hours: one hour before', '2026-03-01T17:00:00Z', [1440, 60], '2026-03-01T16:00:00.000Z'],
    ['leads in any order', '2026-03-01T17:00:00Z', [60, 1440], '2026-03-01T16:00:00.000Z'],
    ['a deadline in 30 minutes: none', '2026-03-01T12:30:00Z', [1440, 60], null],
    ['exactly one lead away: none (it would fire now)', '2026-03-01T13:00:00Z', [60], null],
    ['a passed deadline: none', '2026-03-01T11:00:00Z', [1440, 60], null],
    ['the deadline is now: none', '2026-03-01T12:00:00Z', [1440, 60], null],
    ['fractional minutes (tests use seconds)', '2026-03-01T12:01:05Z', [1], '2026-03-01T12:00:05.000Z'],
    ['no usable lead: none', '2026-03-04T12:00:00Z', [0, -5], null],
  ];
  it.each(cases)('%s', (_name, due, leads, expected) => {
    const r = reminderFireTime(at(due), now, leads);
    expect(r ? r.toISOString() : null).toBe(expected);
  });

  it('an invalid date gives none', () => {
    expect(reminderFireTime(new Date('nope'), now, [60])).toBeNull();
  });
});

/** a meeting's reminder: one lead, the organization's meeting_reminder_minutes (docs/notification.md#meeting-reminders) */
describe('reminderFireTime for a meeting (the organization\'s lead)', () => {
  const cases: [string, string, number, string | null][] = [
    ['the default day before a meeting next week', '2026-03-08T09:00:00Z', 1440, '2026-03-07T09:00:00.000Z'],
    ['a lead of two hours', '2026-03-02T09:00:00Z', 120, '2026-03-02T07:00:00.000Z'],
    ['a short lead (the tests: one minute)', '2026-03-01T12:03:00Z', 1, '2026-03-01T12:02:00.000Z'],
    ['0: no reminder at all', '2026-03-08T09:00:00Z', 0, null],
    ['a meeting created closer to its start than the lead: none (never one in the past)', '2026-03-01T20:00:00Z', 1440, null],
    ['a meeting already started: none', '2026-03-01T11:00:00Z', 60, null],
  ];
  it.each(cases)('%s', (_name, start, lead, expected) => {
    const r = reminderFireTime(at(start), now, [lead]);
    expect(r ? r.toISOString() : null).toBe(expected);
  });

  it('a moved meeting moves its reminder: another fire time, another job id', () => {
    const before = reminderFireTime(at('2026-03-08T09:00:00Z'), now, [1440])!;
    const after = reminderFireTime(at('2026-03-09T15:00:00Z'), now, [1440])!;
    expect(after.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(reminderJobId('meeting-reminder', 'o', 7, after)).not.toBe(reminderJobId('meeting-reminder', 'o', 7, before));
  });
});

describe('reminderJobId', () => {
  it('changes with the fire time and has no colon', () => {
    const a = reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T12:00:00Z'));
    const b = reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T13:00:00Z'));
    expect(a).not.toBe(b);
    expect(a).not.toContain(':');
    expect(reminderJobId('decision-deadline', 'o', 7, at('2026-03-03T12:00:00Z'))).toBe(a);
  });
});

/**
 * An evaluation round's several reminders (docs/evaluations.md#reminders): each fire time is reminderFireTime after the
 * later of now and the previous fire time, so the chain walks the leads largest first, each once; a job that fires
 * late (a Redis rebuilt after an outage) skips the leads it has passed instead of sending them all at once.
 */
describe('reminderFireTime as the chain of an evaluation round', () => {
  const due = at('2026-03-08T12:00:00Z');
  const leads = [60, 10080, 1440, 4320];
  /** every fire time the chain produces when each job runs at `ranAt(fireAt)` */
  function chain(ranAt: (fireAt: Date) => Date): string[] {
    const out: string[] = [];
    let next = reminderFireTime(due, at('2026-02-28T12:00:00Z'), leads);
    while (next) {
      out.push(next.toISOString());
      const ran = ranAt(next);
      next = reminderFireTime(due, new Date(Math.max(ran.getTime(), next.getTime())), leads);
    }
    return out;
  }
  const cases: [string, (f: Date) => Date, string[]][] = [
    ['each on time: 7 days, 3 days, 1 day, 1 hour, once each', (f) => f, ['2026-03-01T12:00:00.000Z', '2026-03-05T12:00:00.000Z', '2026-03-07T12:00:00.000Z', '2026-03-08T11:00:00.000Z']],
    ['moved forward (a test promotes each job at once): the same times', () => at('2026-02-28T12:00:00Z'), ['2026-03-01T12:00:00.000Z', '2026-03-05T12:00:00.000Z', '2026-03-07T12:00:00.000Z', '2026-03-08T11:00:00.000Z']],
    ['the first one ran two days late: the 3-day one is skipped', (f) => (f.getTime() === at('2026-03-01T12:00:00Z').getTime() ? at('2026-03-05T13:00:00Z') : f), ['2026-03-01T12:00:00.000Z', '2026-03-07T12:00:00.000Z', '2026-03-08T11:00:00.000Z']],
    ['a job run after the deadline: nothing follows', () => at('2026-03-09T00:00:00Z'), ['2026-03-01T12:00:00.000Z']],
  ];
  it.each(cases)('%s', (_name, ranAt, expected) => {
    expect(chain(ranAt)).toEqual(expected);
  });
});

/** the organization's lead changed: each meeting's reminder still to come moves, is dropped, or stays (docs/notification.md#meeting-reminders) */
describe('meetingReminderAfterLeadChange', () => {
  const start = '2026-03-08T09:00:00Z';
  type Row = { status: string; dueAt: string; fireAt: string | null };
  const scheduled = (fireAt: string, dueAt = start): Row => ({ status: 'scheduled', dueAt, fireAt });
  const cases: [string, Row, number, string | null | 'keep'][] = [
    ['a day -> an hour: moved to an hour before', scheduled('2026-03-07T09:00:00Z'), 60, '2026-03-08T08:00:00.000Z'],
    ['an hour -> two days: moved earlier, still ahead', scheduled('2026-03-08T08:00:00Z'), 2880, '2026-03-06T09:00:00.000Z'],
    ['an hour -> a week, whose moment has passed: dropped', scheduled('2026-03-08T08:00:00Z'), 10080, null],
    ['the same lead again (a redelivered event): kept', scheduled('2026-03-07T09:00:00Z'), 1440, 'keep'],
    ['0: dropped', scheduled('2026-03-07T09:00:00Z'), 0, null],
    ['a new lead whose moment has passed: dropped, never one in the past', scheduled('2026-03-01T19:00:00Z', '2026-03-01T20:00:00Z'), 1440, null],
    ['a new lead exactly as far as the start: dropped (it would fire now)', scheduled('2026-03-01T19:00:00Z', '2026-03-01T20:00:00Z'), 480, null],
    ['a reminder already due (firing now): kept, it fires once', scheduled('2026-03-01T12:00:00Z', '2026-03-01T13:00:00Z'), 30, 'keep'],
    ['a scheduled row without a fire time: kept', { status: 'scheduled', dueAt: start, fireAt: null }, 60, 'keep'],
    ['none (set while reminders were off): gets one', { status: 'none', dueAt: start, fireAt: null }, 1440, '2026-03-07T09:00:00.000Z'],
    ['none (too close for the old lead): gets one with a shorter lead', { status: 'none', dueAt: '2026-03-01T20:00:00Z', fireAt: null }, 60, '2026-03-01T19:00:00.000Z'],
    ['none, and still too close: stays none', { status: 'none', dueAt: '2026-03-01T20:00:00Z', fireAt: null }, 1440, 'keep'],
    ['none, lead 0: stays none', { status: 'none', dueAt: start, fireAt: null }, 0, 'keep'],
    ['fired: kept (never sent twice)', { status: 'fired', dueAt: start, fireAt: '2026-03-01T11:00:00Z' }, 60, 'keep'],
    ['cancelled: kept (no reminder for a meeting no longer scheduled)', { status: 'cancelled', dueAt: start, fireAt: null }, 60, 'keep'],
  ];
  it.each(cases)('%s', (_name, row, lead, expected) => {
    const r = meetingReminderAfterLeadChange({ status: row.status, dueAt: at(row.dueAt), fireAt: row.fireAt ? at(row.fireAt) : null }, lead, now);
    if (expected === 'keep') expect(r).toEqual({ action: 'keep' });
    else if (expected === null) expect(r).toEqual({ action: 'drop' });
    else expect(r.action === 'move' ? r.fireAt.toISOString() : r.action).toBe(expected);
  });
});

describe('the reminder of a minutes review deadline', () => {
  it.each<[string, string, string | null]>([
    ['three days out: a day before', '2026-03-04T12:00:00Z', '2026-03-03T12:00:00.000Z'],
    ['a day and a minute out: a day before', '2026-03-02T12:01:00Z', '2026-03-01T12:01:00.000Z'],
    ['exactly a day out: an hour before', '2026-03-02T12:00:00Z', '2026-03-02T11:00:00.000Z'],
    ['five hours out: an hour before', '2026-03-01T17:00:00Z', '2026-03-01T16:00:00.000Z'],
    ['an hour and a minute out: an hour before', '2026-03-01T13:01:00Z', '2026-03-01T12:01:00.000Z'],
    ['an hour out: halfway', '2026-03-01T13:00:00Z', '2026-03-01T12:30:00.000Z'],
    ['ten minutes out: halfway', '2026-03-01T12:10:00Z', '2026-03-01T12:05:00.000Z'],
    ['a minute out: halfway', '2026-03-01T12:01:00Z', '2026-03-01T12:00:30.000Z'],
    ['now: none', '2026-03-01T12:00:00Z', null],
    ['passed: none', '2026-03-01T11:00:00Z', null],
    ['not a date: none', 'soon', null],
  ])('%s', (_, deadline, fires) => expect(reviewReminderFireTime(at(deadline), now)?.toISOString() ?? null).toBe(fires));
});
