import type { ActionStatus } from '@app/contracts';

/** action states: In Progress amber, Complete green, Not Complete red (docs/product/actions.md) */
export const ACTION_COLOURS: Record<ActionStatus, string> = { 'In Progress': '#fde68a', Complete: '#bbf7d0', 'Not Complete': '#fecaca' };
