import { webcrypto, createHash, randomBytes } from 'node:crypto';
import {
  type Digester, ballotsHash, base32, canonicalBallots, canonicalText, checkBallots, findReceipt, groupReceipt, normalizeReceipt, tallyBallots, zReceipt, type BallotEntry,
} from './ballots';

const subtle = webcrypto.subtle as unknown as Digester;
const R = (c: string) => c.repeat(32);

describe('base32 (RFC 4648 test vectors, no padding)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j -> %s', (input, out) => expect(base32(new TextEncoder().encode(input))).toBe(out));

  it('160 random bits are 32 characters a receipt accepts', () => {
    for (let i = 0; i < 50; i++) expect(zReceipt.safeParse(base32(randomBytes(20))).success).toBe(true);
  });
});

describe('receipts as typed', () => {
  it.each([
    ['abcd efgh', 'ABCDEFGH'],
    ['ABCD-EFGH', 'ABCDEFGH'],
    ['  ab cd\t', 'ABCD'],
  ])('%j -> %s', (typed, out) => expect(normalizeReceipt(typed)).toBe(out));
  it('groups of four', () => expect(groupReceipt('ABCDEFGHIJ')).toBe('ABCD EFGH IJ'));
});

const list: BallotEntry[] = [
  { receipt: R('C'), choice: 'Denied' },
  { receipt: R('A'), choice: 'Approved' },
  { receipt: R('B'), choice: 'Approved' },
];

describe('canonical list and hash', () => {
  it('sorts by receipt and writes one line per entry', () => {
    expect(canonicalBallots(list).map((e) => e.receipt[0])).toEqual(['A', 'B', 'C']);
    expect(canonicalText(list)).toBe(`${R('A')} Approved\n${R('B')} Approved\n${R('C')} Denied\n`);
  });

  it.each<[string, BallotEntry[]]>([
    ['empty list', []],
    ['three entries', list],
    ['one entry', [{ receipt: R('Z'), choice: 'Others' }]],
  ])('%s: SHA-256 of the canonical text, whatever the order given', async (_n, entries) => {
    const expected = createHash('sha256').update(canonicalText(entries)).digest('hex');
    expect(await ballotsHash(entries, subtle)).toBe(expected);
    expect(await ballotsHash([...entries].reverse(), subtle)).toBe(expected);
  });
});

describe('tally and checks', () => {
  it('counts each choice', () => expect(tallyBallots(list)).toEqual({ Approved: 2, Denied: 1 }));

  it.each<[string, (l: BallotEntry[]) => BallotEntry[], Array<{ vote: 'Approved' | 'Denied' | 'Pending'; count: number }>, { hashMatches: boolean; talliesMatch: boolean; receiptsUnique: boolean }]>([
    ['the list as published', (l) => l, [{ vote: 'Approved', count: 2 }, { vote: 'Denied', count: 1 }, { vote: 'Pending', count: 4 }], { hashMatches: true, talliesMatch: true, receiptsUnique: true }],
    ['a changed choice', (l) => l.map((e, i) => (i === 0 ? { ...e, choice: 'Approved' } : e)), [{ vote: 'Approved', count: 2 }, { vote: 'Denied', count: 1 }], { hashMatches: false, talliesMatch: false, receiptsUnique: true }],
    ['a dropped entry', (l) => l.slice(1), [{ vote: 'Approved', count: 2 }, { vote: 'Denied', count: 1 }], { hashMatches: false, talliesMatch: false, receiptsUnique: true }],
    ['tallies that do not match the list', (l) => l, [{ vote: 'Approved', count: 3 }, { vote: 'Denied', count: 0 }], { hashMatches: true, talliesMatch: false, receiptsUnique: true }],
    ['a receipt twice', (l) => [...l, l[0]], [{ vote: 'Approved', count: 2 }, { vote: 'Denied', count: 2 }], { hashMatches: false, talliesMatch: true, receiptsUnique: false }],
  ])('%s', async (_n, change, tallies, out) => {
    const hash = await ballotsHash(list, subtle);
    expect(await checkBallots({ entries: change(list), hash }, tallies, subtle)).toEqual(out);
  });

  it.each([
    [R('b').toLowerCase(), 'Approved'],
    [groupReceipt(R('C')), 'Denied'],
    ['', null],
    [R('D'), null],
  ])('finds %s -> %s', (typed, choice) => expect(findReceipt(list, typed)?.choice ?? null).toBe(choice));
});
