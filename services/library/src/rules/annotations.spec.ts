import { audienceOf, hearsChange, mayDeleteAnnotation, mayEditAnnotation, maySeeAnnotation, reanchor, type Mark, type Reader } from './annotations';

const AUTHOR = 1;
const OTHER = 2;
const NAMED = 3;
const mark = (visibility: Mark['visibility'], people: number[] = []): Mark => ({ authorId: AUTHOR, visibility, people });
const user = (userId: number | null, isAdmin = false): Reader => ({ userId, isAdmin });

describe('maySeeAnnotation', () => {
  it.each([
    ['the author, private', mark('private'), user(AUTHOR), true, true],
    ['another member, private', mark('private'), user(OTHER), true, false],
    ['an administrator, private', mark('private'), user(OTHER, true), true, false],
    ['another member, committee', mark('committee'), user(OTHER), true, true],
    ['a reader who may not see the file, committee', mark('committee'), user(OTHER), false, false],
    ['the author who may no longer see the file', mark('private'), user(AUTHOR), false, false],
    ['a named person', mark('people', [NAMED]), user(NAMED), true, true],
    ['someone not named', mark('people', [NAMED]), user(OTHER), true, false],
    ['an administrator not named', mark('people', [NAMED]), user(OTHER, true), true, false],
    ['no user (a guest)', mark('committee'), user(null), true, false],
  ])('%s', (_, m, r, file, expected) => expect(maySeeAnnotation(m, r, file)).toBe(expected));
});

describe('mayEditAnnotation / mayDeleteAnnotation', () => {
  it.each([
    ['the author', mark('private'), user(AUTHOR), true, true],
    ['another member, committee', mark('committee'), user(OTHER), false, false],
    ['an administrator, committee', mark('committee'), user(OTHER, true), false, true],
    ['an administrator, private', mark('private'), user(OTHER, true), false, false],
    ['an administrator named', mark('people', [OTHER]), user(OTHER, true), false, true],
    ['an administrator not named', mark('people', [NAMED]), user(OTHER, true), false, false],
  ])('%s', (_, m, r, edit, del) => {
    expect(mayEditAnnotation(m, r)).toBe(edit);
    expect(mayDeleteAnnotation(m, r, true)).toBe(del);
  });
});

describe('audienceOf', () => {
  it.each([
    ['created private', null, mark('private'), null],
    ['created for the committee', null, mark('committee'), 'all'],
    ['private to committee', mark('private'), mark('committee'), 'all'],
    ['committee to private (the others must drop it)', mark('committee'), mark('private'), 'all'],
    ['created for people', null, mark('people', [5, 3]), [AUTHOR, 3, 5]],
    ['people changed', mark('people', [3]), mark('people', [4]), [AUTHOR, 3, 4]],
    ['deleted, was private', mark('private'), null, null],
    ['deleted, was for people', mark('people', [3]), null, [AUTHOR, 3]],
  ])('%s', (_, before, after, expected) => expect(audienceOf(before, after)).toEqual(expected));

  it('hearsChange', () => {
    expect(hearsChange('all', OTHER)).toBe(true);
    expect(hearsChange([AUTHOR, NAMED], OTHER)).toBe(false);
    expect(hearsChange([AUTHOR, NAMED], NAMED)).toBe(true);
    expect(hearsChange([AUTHOR], null)).toBe(false);
  });
});

describe('reanchor', () => {
  const pages = [
    { page: 1, text: 'Agenda\nBudget  review for 2027' },
    { page: 2, text: 'Nothing here' },
    { page: 3, text: 'The budget review for 2027 is approved' },
  ];
  it.each([
    ['the quote still on its page', { page: 1, quote: 'budget review for 2027' }, 1],
    ['the quote moved to another page', { page: 2, quote: 'is approved' }, 3],
    ['on two pages: the nearest to where it was', { page: 3, quote: 'Budget review' }, 3],
    ['whitespace and case do not matter', { page: 1, quote: 'BUDGET\n review' }, 1],
    ['the quote gone: orphaned', { page: 1, quote: 'the old motion' }, null],
    ['a note on a page that still exists', { page: 2, quote: null }, 2],
    ['a note on a page that is gone', { page: 9, quote: null }, null],
  ])('%s', (_, m, expected) => expect(reanchor(m, pages)).toBe(expected));
});
