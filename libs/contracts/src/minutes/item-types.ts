import { z } from 'zod';

/** the spec's minutes item types */
export const MINUTES_ITEM_TYPES = ['meeting', 'talking_point', 'subpoint', 'decision', 'action'] as const;
export const zMinutesItemType = z.enum(MINUTES_ITEM_TYPES);
export type MinutesItemType = z.output<typeof zMinutesItemType>;
