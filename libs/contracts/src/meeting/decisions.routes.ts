import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { zDecisionBody, zFulfilledBody, zSingleDecisionsQuery, zVisibilityBody, zVoteBody } from './meeting.http';
import {
  CastVote, CreateDecision, GetBallots, DeleteDecision, GetDecision, ListArchivedDecisions, ListSingleDecisions, SetDecisionFulfilled, SetDecisionVisibility,
  UpdateDecision,
} from './meeting.rpc';

const zIdParams = z.object({ id: zId });
const zMeetingDecisionParams = z.object({ id: zId, decision: zId });
const tags = ['decisions'];
const resolutions = ['resolutions'];

/** Decisions in a meeting, votes, visibility, end/resume, and standalone resolutions (/singleDecision...). */
export const DecisionRoutes = {
  createDecision: defineRoute({
    method: 'POST', path: '/api/meetings/:id/decisions', access: 'user', tags, params: zIdParams, body: zDecisionBody,
    summary: 'Add a decision {title, description, deadline, voters, talkingpoint_id, talkingpoint_subpoint_id, attachments, decisionable, tender_number}',
    message: 'Decision saved successfully',
    rpc: CreateDecision, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  updateDecision: defineRoute({
    method: 'PUT', path: '/api/meetings/:id/decisions/:decision', access: 'user', tags, params: zMeetingDecisionParams, body: zDecisionBody,
    summary: 'Edit a decision', message: 'Decision saved successfully',
    rpc: UpdateDecision, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, decisionId: params.decision, body }),
  }),
  deleteDecision: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/decisions/:decision', access: 'user', tags, params: zMeetingDecisionParams,
    summary: 'Delete a decision', message: 'Deleted successfully', answer: 'empty',
    rpc: DeleteDecision, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, decisionId: params.decision }),
  }),
  archivedDecisions: defineRoute({
    method: 'GET', path: '/api/meetings/:id/decisions/archived', access: 'user', tags, params: zIdParams,
    summary: 'Hidden (archived) decisions of a meeting', answer: { pick: 'items' },
    rpc: ListArchivedDecisions, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  getDecision: defineRoute({
    method: 'GET', path: '/api/decisions/:id', access: 'guest', tags, params: zIdParams,
    summary: 'A decision with voters, tallies and the flags can_vote, voting_open',
    rpc: GetDecision, toRpc: ({ call, params }) => ({ ...call, decisionId: params.id }),
  }),
  castVote: defineRoute({
    method: 'POST', path: '/api/decisions/:id/vote/change', access: 'guest', tags, params: zIdParams, body: zVoteBody,
    summary: 'Vote {vote, reason} (reason required for Denied and Others); an admin adds user_id to vote for another voter; guests vote with ?token=',
    message: 'Done',
    rpc: CastVote, toRpc: ({ call, params, body }) => ({ ...call, decisionId: params.id, body }),
  }),
  getBallots: defineRoute({
    method: 'GET', path: '/api/decisions/:id/ballots', access: 'guest', tags, params: zIdParams,
    summary: "A closed secret ballot's list of (receipt, choice), sorted by receipt, with its SHA-256; to whoever may see the decision (404 otherwise; 409 on an open ballot or while voting is open)",
    rpc: GetBallots, toRpc: ({ call, params }) => ({ ...call, decisionId: params.id }),
  }),
  setDecisionVisibility: defineRoute({
    method: 'POST', path: '/api/decisions/:id/visibility', access: 'user', tags, params: zIdParams, body: zVisibilityBody,
    summary: 'Hide (archive) or unhide a decision {is_visible}: a meeting member, Live meeting, not every voter Pending', message: 'Done',
    rpc: SetDecisionVisibility, toRpc: ({ call, params, body }) => ({ ...call, decisionId: params.id, body }),
  }),
  fulfillDecision: defineRoute({
    method: 'POST', path: '/api/decisions/:id/fulfill', access: 'user', tags, params: zIdParams, body: zFulfilledBody,
    summary: 'End (is_fulfilled 1) or resume (0) voting on a decision', message: 'Done',
    rpc: SetDecisionFulfilled, toRpc: ({ call, params, body }) => ({ ...call, decisionId: params.id, body }),
  }),
  listResolutions: defineRoute({
    method: 'GET', path: '/api/singleDecisions', access: 'user', tags: resolutions, query: zSingleDecisionsQuery, answer: 'paged',
    summary: 'Standalone resolutions of my committees (page, per_page, search, committee_id, state OPEN/DUE, archived)',
    rpc: ListSingleDecisions, toRpc: ({ call, query }) => ({ ...call, query }),
  }),
  getResolution: defineRoute({
    method: 'GET', path: '/api/singleDecision/:id', access: 'user', tags: resolutions, params: zIdParams, summary: 'A standalone resolution',
    rpc: GetDecision, toRpc: ({ call, params }) => ({ ...call, decisionId: params.id, standalone: true }),
  }),
  createResolution: defineRoute({
    method: 'POST', path: '/api/singleDecision', access: 'user', tags: resolutions, body: zDecisionBody,
    summary: 'Create a standalone resolution (committee_id required; voters from the committee)', message: 'Decision saved successfully',
    rpc: CreateDecision, toRpc: ({ call, body }) => ({ ...call, meetingId: null, body }),
  }),
  endResolution: defineRoute({
    method: 'PUT', path: '/api/singleDecision/hide/:id', access: 'user', tags: resolutions, params: zIdParams, body: zFulfilledBody,
    summary: 'End or resume a standalone resolution {is_fulfilled}', message: 'Done',
    rpc: SetDecisionFulfilled, toRpc: ({ call, params, body }) => ({ ...call, decisionId: params.id, standalone: true, body }),
  }),
  updateResolution: defineRoute({
    method: 'PUT', path: '/api/singleDecision/:id', access: 'user', tags: resolutions, params: zIdParams, body: zDecisionBody,
    summary: 'Edit a standalone resolution (the committee stays)', message: 'Decision saved successfully',
    rpc: UpdateDecision, toRpc: ({ call, params, body }) => ({ ...call, meetingId: null, decisionId: params.id, body }),
  }),
  deleteResolution: defineRoute({
    method: 'DELETE', path: '/api/singleDecision/:id', access: 'user', tags: resolutions, params: zIdParams,
    summary: 'Delete a standalone resolution', message: 'Deleted successfully', answer: 'empty',
    rpc: DeleteDecision, toRpc: ({ call, params }) => ({ ...call, meetingId: null, decisionId: params.id }),
  }),
  voteResolution: defineRoute({
    method: 'POST', path: '/api/singleDecision/vote/:id', access: 'user', tags: resolutions, params: zIdParams, body: zVoteBody,
    summary: 'Vote on a standalone resolution {vote, reason}', message: 'Done',
    rpc: CastVote, toRpc: ({ call, params, body }) => ({ ...call, decisionId: params.id, standalone: true, body }),
  }),
} as const;
