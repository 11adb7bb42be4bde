import { z } from 'zod';
import { VOTE_VALUES, zVote, type Vote } from './meeting.constants';
import { zElectionChoice } from './election';

/**
 * Secret ballots (docs/ballots.md): the pure rules the service and the web share. A receipt is 160 random bits
 * written in base32 (RFC 4648 alphabet, no padding: 32 characters); the published list is every (receipt, choice)
 * sorted by receipt, and its hash is the SHA-256 of its canonical text. Receipts are random, so the order by
 * receipt is a random order that says nothing of who voted or when.
 */

export const BALLOT_KINDS = ['open', 'secret'] as const;
export const zBallot = z.enum(BALLOT_KINDS);
export type Ballot = z.output<typeof zBallot>;

/** the choices of a secret ballot: a vote is cast once, so "Pending" is not one */
export const SECRET_CHOICES = VOTE_VALUES.filter((v) => v !== 'Pending') as Exclude<Vote, 'Pending'>[];

export const RECEIPT_BYTES = 20;
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let acc = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(acc >>> (bits - 5)) & 31];
      bits -= 5;
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += B32[(acc << (5 - bits)) & 31];
  return out;
}

/** a receipt as a person may type it back: any case, spaces and dashes between groups */
export function normalizeReceipt(s: string): string {
  return s.toUpperCase().replace(/[\s-]/g, '');
}

export const zReceipt = z.string().regex(/^[A-Z2-7]{32}$/);

/** the receipt in groups of four, for reading aloud and copying by hand */
export const groupReceipt = (r: string): string => r.match(/.{1,4}/g)?.join(' ') ?? r;

/** `choice`: a vote value, or in an election the chosen candidates' numbers (election.ts, electionChoiceText) */
export const zBallotEntry = z.object({ receipt: zReceipt, choice: z.union([zVote, zElectionChoice]) });
export type BallotEntry = z.output<typeof zBallotEntry>;

/** the list in its canonical order: by receipt (plain code-unit order: receipts are ASCII) */
export function canonicalBallots(entries: readonly BallotEntry[]): BallotEntry[] {
  return [...entries].sort((a, b) => (a.receipt < b.receipt ? -1 : a.receipt > b.receipt ? 1 : 0));
}

/** the text that is hashed: one line `<receipt> <choice>\n` per entry, in canonical order (UTF-8, ASCII in fact) */
export function canonicalText(entries: readonly BallotEntry[]): string {
  return canonicalBallots(entries).map((e) => `${e.receipt} ${e.choice}\n`).join('');
}

const hex = (buf: ArrayBuffer): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** the part of Web Crypto's SubtleCrypto the hash needs (the contracts build without the DOM types) */
export interface Digester {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
const webSubtle = (): Digester => (globalThis as unknown as { crypto: { subtle: Digester } }).crypto.subtle;

/** SHA-256 (hex) of the canonical text, with Web Crypto: the same code in Node (>= 19) and the browser */
export async function ballotsHash(entries: readonly BallotEntry[], subtle: Digester = webSubtle()): Promise<string> {
  return hex(await subtle.digest('SHA-256', new TextEncoder().encode(canonicalText(entries))));
}

/** the value an entry counts as: its vote, or for an election's ballot Approved (Abstained when blank: '-') */
export const entryVote = (choice: string): Vote => ((VOTE_VALUES as readonly string[]).includes(choice) ? (choice as Vote) : choice === '-' ? 'Abstained' : 'Approved');

/** how many entries hold each choice (choices nobody chose are absent); an election's ballots as entryVote says */
export function tallyBallots(entries: readonly BallotEntry[]): Partial<Record<Vote, number>> {
  const out: Partial<Record<Vote, number>> = {};
  for (const e of entries) out[entryVote(e.choice)] = (out[entryVote(e.choice)] ?? 0) + 1;
  return out;
}

/** the entry of a receipt (as typed by a person), or null */
export function findReceipt(entries: readonly BallotEntry[], typed: string): BallotEntry | null {
  const r = normalizeReceipt(typed);
  return r ? (entries.find((e) => e.receipt === r) ?? null) : null;
}

export interface BallotsCheck {
  /** the hash of the list as received equals the published hash */
  hashMatches: boolean;
  /** the counts of the list equal the published tallies (every value, including absent ones as 0) */
  talliesMatch: boolean;
  /** no receipt appears twice */
  receiptsUnique: boolean;
}

/** what anyone can check of a published list: its hash, its counts against the tallies, its receipts */
export async function checkBallots(
  list: { entries: readonly BallotEntry[]; hash: string },
  tallies: ReadonlyArray<{ vote: Vote; count: number }>,
  subtle?: Digester,
): Promise<BallotsCheck> {
  const counted = tallyBallots(list.entries);
  const published = new Map(tallies.filter((t) => t.vote !== 'Pending').map((t) => [t.vote, t.count]));
  const talliesMatch = SECRET_CHOICES.every((v) => (counted[v] ?? 0) === (published.get(v) ?? 0)) && !counted.Pending;
  return {
    hashMatches: (await ballotsHash(list.entries, subtle)) === list.hash.toLowerCase(),
    talliesMatch,
    receiptsUnique: new Set(list.entries.map((e) => e.receipt)).size === list.entries.length,
  };
}
