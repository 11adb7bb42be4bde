import { Routes, type BallotList, type DecisionPayload, type MeetingDetails, type RouteData, type RouteRequest, type Vote, type VoteResult } from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/**
 * Decisions of a meeting, votes and standalone committee resolutions (docs/product/votes.md): the
 * contract's types and routes only. Guests pass the token of their invitation link.
 */
export type Decision = DecisionPayload;
export type DecisionInput = RouteRequest<typeof Routes.createDecision>['body'];
export type VoteInput = RouteRequest<typeof Routes.castVote>['body'];
export type Resolution = RouteData<typeof Routes.getResolution>;
export type ResolutionsQuery = NonNullable<RouteRequest<typeof Routes.listResolutions>['query']>;
export type { BallotList, MeetingDetails, Vote, VoteResult };

export const decisionsApi = {
  get: (id: number, token?: string): Promise<Decision> => api(Routes.getDecision, { params: { id }, token }),
  create: async (meetingId: number, body: DecisionInput) => apiCommand(Routes.createDecision, { params: { id: meetingId }, body, notify: false }),
  update: async (meetingId: number, id: number, body: DecisionInput) =>
    apiCommand(Routes.updateDecision, { params: { id: meetingId, decision: id }, body, notify: false }),
  remove: async (meetingId: number, id: number) => (await apiCommand(Routes.deleteDecision, { params: { id: meetingId, decision: id } })).message,
  vote: async (id: number, body: VoteInput, token?: string) => apiCommand(Routes.castVote, { params: { id }, body, token, notify: false }),
  setVisible: async (id: number, visible: boolean) =>
    (await apiCommand(Routes.setDecisionVisibility, { params: { id }, body: { is_visible: visible ? 1 : 0 }, notify: false })).message,
  setFulfilled: async (id: number, fulfilled: boolean) =>
    (await apiCommand(Routes.fulfillDecision, { params: { id }, body: { is_fulfilled: fulfilled ? 1 : 0 } })).message,
  archived: (meetingId: number): Promise<Decision[]> => api(Routes.archivedDecisions, { params: { id: meetingId } }),
  /** a closed secret ballot's list of (receipt, choice) and its SHA-256 (docs/ballots.md) */
  ballots: (id: number, token?: string): Promise<BallotList> => api(Routes.getBallots, { params: { id }, token }),
};

export const resolutionsApi = {
  list: (q: ResolutionsQuery): Promise<Paged<Resolution>> => api(Routes.listResolutions, { query: q }),
  get: (id: number): Promise<Resolution> => api(Routes.getResolution, { params: { id } }),
  create: async (body: DecisionInput) => apiCommand(Routes.createResolution, { body, notify: false }),
  update: async (id: number, body: DecisionInput) => apiCommand(Routes.updateResolution, { params: { id }, body, notify: false }),
  remove: async (id: number) => (await apiCommand(Routes.deleteResolution, { params: { id } })).message,
  setEnded: async (id: number, ended: boolean) => (await apiCommand(Routes.endResolution, { params: { id }, body: { is_fulfilled: ended ? 1 : 0 } })).message,
  vote: async (id: number, body: VoteInput) => apiCommand(Routes.voteResolution, { params: { id }, body, notify: false }),
};
