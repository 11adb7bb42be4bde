import type { MinutesItemType } from './minutes.schemas';

/**
 * The minutes form's rules for what is sent (docs/minutes.md#conclusions-and-comments), one function for the web
 * and the service: an inactive item's conclusion is sent empty; blank new comments are dropped; comments on an
 * item whose conclusion is blank are ignored.
 */
export interface ConclusionEntry {
  type: MinutesItemType;
  id: number;
  conclusion: string;
  active: boolean;
  /** new comments */
  comment: string[];
}

export function normalizeConclusion(e: ConclusionEntry): ConclusionEntry {
  const conclusion = e.active ? e.conclusion.trim() : '';
  const comment = conclusion === '' ? [] : e.comment.map((c) => c.trim()).filter((c) => c !== '');
  return { type: e.type, id: e.id, conclusion, active: e.active, comment };
}

/** the key of an item in the minutes */
export const minutesKey = (type: MinutesItemType, id: number): string => `${type}:${id}`;
