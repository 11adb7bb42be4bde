import { deadlineBeforeStart, joinCutoffPassed, openTillBeforeStart } from './item-dates';

const start = new Date('2030-06-01T10:00:00Z');

describe('dates against the meeting start', () => {
  const rows: Array<[string, boolean]> = [
    ['2030-06-01T09:45:00Z', true],
    ['2030-06-01T10:00:00Z', false],
    ['2030-06-01T10:15:00Z', false],
  ];
  it.each(rows)('decision deadline %s before start: %s', (d, before) => expect(deadlineBeforeStart(new Date(d), start)).toBe(before));
  it.each(rows)('action open_till %s before start: %s', (d, before) => expect(openTillBeforeStart(new Date(d), start)).toBe(before));
});

describe('online join cutoff (on or before 20-07-2024)', () => {
  it.each([
    ['2024-07-19 23:45:00', true],
    ['2024-07-20 00:00:00', true],
    ['2024-07-20 23:45:00', true],
    ['2024-07-21 00:00:00', false],
    ['2030-01-01 10:00:00', false],
  ])('%s -> %s', (local, passed) => expect(joinCutoffPassed(local)).toBe(passed));
});
