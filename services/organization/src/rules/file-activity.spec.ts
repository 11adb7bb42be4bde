import { fileActivity } from './file-activity';

describe('fileActivity', () => {
  it.each([
    ['a view', { action: 'view', name: 'budget.pdf' }, 'Viewed the file budget.pdf'],
    ['a download', { action: 'download', name: 'budget.pdf' }, 'Downloaded the file budget.pdf'],
    ['a print', { action: 'print', name: 'budget.pdf' }, 'Printed the file budget.pdf'],
    ['a guest viewing', { action: 'view', name: 'capex.pdf', guest: true }, 'Viewed the file capex.pdf (guest)'],
    ['a share with one', { action: 'share', name: 'budget.pdf', with: ['Mona Member'] }, 'Shared the file budget.pdf with Mona Member'],
    ['a share with three', { action: 'share', name: 'budget.pdf', with: ['Ada', 'Bob', 'Cy'] }, 'Shared the file budget.pdf with Ada, Bob and Cy'],
    ['a folder shared', { action: 'share', name: 'Board papers', folder: true, with: ['Ada', 'Bob'] }, 'Shared the folder Board papers with Ada and Bob'],
    ['a share without names', { action: 'share', name: 'budget.pdf', with: [' '] }, 'Shared the file budget.pdf'],
  ] as const)('%s', (_n, e, line) => {
    expect(fileActivity(e)).toBe(line);
  });
});
