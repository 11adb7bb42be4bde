import { Routes, type ActionPayload, type ActionStatus, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';

/** Actions of a meeting and each participant's status (docs/product/actions.md): the contract's types and routes only. */
export type Action = ActionPayload;
export type ActionParticipant = ActionPayload['participants'][number];
export type ActionInput = RouteRequest<typeof Routes.createAction>['body'];
export type ActionStatusInput = RouteRequest<typeof Routes.changeActionStatus>['body'];
export type { ActionStatus };

export const actionsApi = {
  get: (id: number, token?: string): Promise<Action> => api(Routes.getAction, { params: { id }, token }),
  create: async (meetingId: number, body: ActionInput) => apiCommand(Routes.createAction, { params: { id: meetingId }, body, notify: false }),
  update: async (meetingId: number, id: number, body: ActionInput) =>
    apiCommand(Routes.updateAction, { params: { id: meetingId, action: id }, body, notify: false }),
  remove: async (meetingId: number, id: number) => (await apiCommand(Routes.deleteAction, { params: { id: meetingId, action: id } })).message,
  changeStatus: async (id: number, body: ActionStatusInput, token?: string) =>
    apiCommand(Routes.changeActionStatus, { params: { id }, body, token, notify: false }),
};
