import { AppError } from '@app/contracts';
import type { Scope } from '../db/db';
import type { AgendaRepository } from '../repositories/agenda.repository';

/** where an item (an action or a decision) is placed on its meeting's agenda */
export interface ItemPlacement {
  talkingPointId: number | null;
  subpointId: number | null;
}

/**
 * An item's talking point must belong to its meeting, and its sub-point to that meeting and talking
 * point; a sub-point alone places the item under the sub-point's talking point.
 */
export async function checkPlacement(
  agenda: Pick<AgendaRepository, 'talkingPoint' | 'subpoint'>,
  s: Scope,
  meetingId: number,
  body: { talkingpoint_id?: number; talkingpoint_subpoint_id?: number },
): Promise<ItemPlacement> {
  let talkingPointId = body.talkingpoint_id ?? null;
  if (body.talkingpoint_id) {
    const tp = await agenda.talkingPoint(s, body.talkingpoint_id);
    if (!tp || tp.meetingId !== meetingId) throw AppError.validation({ talkingpoint_id: 'The talking point does not belong to this meeting.' });
  }
  if (body.talkingpoint_subpoint_id) {
    const sp = await agenda.subpoint(s, body.talkingpoint_subpoint_id);
    if (!sp || sp.meetingId !== meetingId || (body.talkingpoint_id && sp.talkingPointId !== body.talkingpoint_id)) {
      throw AppError.validation({ talkingpoint_subpoint_id: 'The sub-point does not belong to this talking point.' });
    }
    talkingPointId = sp.talkingPointId;
  }
  return { talkingPointId, subpointId: body.talkingpoint_subpoint_id ?? null };
}
