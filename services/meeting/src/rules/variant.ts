import type { Variant } from '@app/contracts';

/** the ministry variants (moe, tender): Delegate/Other attendance, "Postponed" for Abstained, owner-only agenda order */
export const isMinistry = (v: Variant | undefined): boolean => v === 'moe' || v === 'tender';
