import { USER_SHEET_COLUMNS } from '@app/contracts';
import { cellText, headerMatches, splitNames, toRows } from './users-sheet';

describe('headerMatches', () => {
  it.each([
    ['the template header', [...USER_SHEET_COLUMNS], true],
    ['case and spaces ignored', ['Name', 'Email', 'Phone', 'Position', 'Designation', 'Date of birth', 'Role', 'Team', 'Committees'], true],
    ['trailing empty cells ignored', [...USER_SHEET_COLUMNS, '', null], true],
    ['a missing column', USER_SHEET_COLUMNS.slice(0, -1), false],
    ['columns in another order', ['email', 'name', ...USER_SHEET_COLUMNS.slice(2)], false],
    ['an extra column', [...USER_SHEET_COLUMNS, 'salary'], false],
    ['empty sheet', [], false],
  ])('%s -> %s', (_n, header, expected) => {
    expect(headerMatches(header as unknown[])).toBe(expected);
  });
});

describe('cellText', () => {
  it.each<[unknown, string]>([
    [null, ''],
    [' Ann ', 'Ann'],
    [501234567, '501234567'],
    [new Date('1990-02-03T00:00:00Z'), '1990-02-03'],
    [{ text: 'a@b.test', hyperlink: 'mailto:a@b.test' }, 'a@b.test'],
    [{ richText: [{ text: 'Fi' }, { text: 'nance' }] }, 'Finance'],
    [{ formula: '1+1', result: 2 }, '2'],
  ])('%j -> %s', (v, expected) => {
    expect(cellText(v)).toBe(expected);
  });
});

describe('toRows', () => {
  it('skips empty rows and numbers rows as in the sheet', () => {
    const rows = toRows([['Ann', 'ann@x.test'], [], ['', ''], ['Bob', 'bob@x.test', 123]]);
    expect(rows.map((r) => [r.row, r.name, r.email, r.phone])).toEqual([[2, 'Ann', 'ann@x.test', ''], [5, 'Bob', 'bob@x.test', '123']]);
  });
  it('splits committee names', () => {
    expect(splitNames('Board, Audit;  Risk ,')).toEqual(['Board', 'Audit', 'Risk']);
  });
});
