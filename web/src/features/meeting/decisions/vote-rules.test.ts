import { donutSlices, percentLabel, reasonDisabled, reasonRequired, selectAllShown, VOTE_COLOURS } from './vote-rules';
import { tallies } from './fixtures';

describe('vote dialog rules (reason required for Denied and Others, disabled for Pending)', () => {
  it.each([
    ['Approved', false, false],
    ['Denied', true, false],
    ['Abstained', false, false],
    ['Pending', false, true],
    ['Others', true, false],
  ] as const)('%s: reason required %s, disabled %s', (vote, required, disabled) => {
    expect(reasonRequired(vote)).toBe(required);
    expect(reasonDisabled(vote)).toBe(disabled);
  });
});

describe('percentages rounded up to one decimal', () => {
  it.each([
    [100 / 3, 'en', '33.4%'],
    [50, 'en', '50.0%'],
    [200 / 3, 'ru', '66,7%'],
  ])('%p in %s reads %s', (p, lang, text) => {
    expect(percentLabel(p, lang)).toBe(text);
  });
});

describe('donut slices (the server tallies in the fixed order and the spec colours)', () => {
  it('splits the circle by count and keeps empty values with zero width', () => {
    const s = donutSlices(tallies({ Approved: 2, Denied: 1, Pending: 1 }, { Abstained: 'Postponed to next meeting' }));
    expect(s.map((x) => [x.vote, x.label, x.count, x.colour, x.from, x.to])).toEqual([
      ['Approved', 'Approved', 2, VOTE_COLOURS.Approved, 0, 0.5],
      ['Denied', 'Denied', 1, VOTE_COLOURS.Denied, 0.5, 0.75],
      ['Abstained', 'Postponed to next meeting', 0, VOTE_COLOURS.Abstained, 0.75, 0.75],
      ['Pending', 'Pending', 1, VOTE_COLOURS.Pending, 0.75, 1],
      ['Others', 'Others', 0, VOTE_COLOURS.Others, 1, 1],
    ]);
  });

  it('no votes: every slice empty', () => {
    expect(donutSlices([]).every((x) => x.from === 0 && x.to === 0 && x.count === 0)).toBe(true);
  });

  it.each([
    ['Approved', '#15803d'],
    ['Denied', '#b91c1c'],
    ['Abstained', '#1d4ed8'],
    ['Pending', '#a16207'],
    ['Others', '#4b5563'],
  ] as const)('%s is %s (green, red, blue, yellow, grey)', (vote, colour) => {
    expect(VOTE_COLOURS[vote]).toBe(colour);
  });
});

describe("'Select all' threshold", () => {
  it.each([
    [0, false, false],
    [5, false, false],
    [6, false, true],
    [1, true, false],
    [2, true, true],
  ])('%p people (sub-point %p): shown %p', (n, sub, shown) => {
    expect(selectAllShown(n, sub)).toBe(shown);
  });
});
