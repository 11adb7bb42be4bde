import { z } from 'zod';
import { zId, zServerDate } from '../core/common';
import { instantToLocal } from '../core/time-zone';

/**
 * The record of a board (issue 27, docs/meeting.md#the-record-of-a-board): conflicts of interest declared per agenda
 * item, the mover and seconder of a decision, and resolution numbers `YYYY/NNN` per committee and year. Pure: the
 * meeting service puts them in the payloads; the web and the minutes read them from there.
 */

/** POST /api/meetings/{id}/talkingpoints/{talkingpoint}/conflict: the caller declares a conflict of interest on the item */
export const zConflictBody = z.object({ note: z.string().trim().max(1000).nullable().optional() });
export type ConflictBody = z.output<typeof zConflictBody>;

/** a declared conflict as the item shows it */
export const zConflict = z.object({ user_id: z.number().int(), name: z.string().nullable(), note: z.string().nullable(), declared_at: zServerDate });
export type Conflict = z.output<typeof zConflict>;

/** POST /api/meetings/{id}/decisions/{decision}/motion: who moved and who seconded (members of the meeting, two people, null for nobody) */
export const zMotionBody = z.object({ mover_user_id: zId.nullable(), seconder_user_id: zId.nullable() });
export type MotionBody = z.output<typeof zMotionBody>;

/** the mover or the seconder as a decision shows them */
export const zMotionPerson = z.object({ user_id: z.number().int(), name: z.string().nullable() });
export type MotionPerson = z.output<typeof zMotionPerson>;

/** the resolution number: the year, a slash, the committee's count of that year in at least three digits (2026/014) */
export function resolutionNumber(year: number | null, seq: number | null): string | null {
  if (year === null || seq === null) return null;
  return `${year}/${String(seq).padStart(3, '0')}`;
}

/** the year a resolution is numbered in: the year of its creation in the organization's time zone */
export const resolutionYear = (at: Date, timeZone: string): number => Number(instantToLocal(at, timeZone).slice(0, 4));
