import { z } from 'zod';
import { zId } from '../core/common';
import { defineRpc } from '../core/define';
import { defineRoute } from '../core/route';
import { zMeetingRequest } from './meeting.rpc';
import { zProxyBody, zProxyList } from './proxy.schemas';

/**
 * Proxies (issue 28, docs/meeting.md#proxies): a member gives their proxy for one meeting to another member, who
 * votes for them and makes them count as present. The rules are services/meeting/src/rules/proxy.ts.
 */

const R = <T extends z.ZodRawShape>(shape: T) => zMeetingRequest.extend(shape);
export const ListProxies = defineRpc({ subject: 'meeting.v1.list-proxies', request: R({ meetingId: zId }), response: zProxyList });
export const GiveProxy = defineRpc({ subject: 'meeting.v1.give-proxy', request: R({ meetingId: zId, body: zProxyBody }), response: zProxyList });
export const RevokeProxy = defineRpc({ subject: 'meeting.v1.revoke-proxy', request: R({ meetingId: zId, proxyId: zId }), response: zProxyList });

const tags = ['meeting proxies'];
const zIdParams = z.object({ id: zId });

export const ProxyRoutes = {
  listProxies: defineRoute({
    method: 'GET', path: '/api/meetings/:id/proxies', access: 'user', tags, params: zIdParams,
    summary: "A meeting's proxies (who represents whom) with can_revoke, and whether the caller may give or record one",
    rpc: ListProxies, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  giveProxy: defineRoute({
    method: 'POST', path: '/api/meetings/:id/proxies', access: 'user', tags, params: zIdParams, body: zProxyBody, message: 'Done',
    summary: 'Give a proxy {from_user_id, to_user_id}: a member their own, the owner or an admin for a member; before the meeting starts; not to oneself, no chains, one each',
    rpc: GiveProxy, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  revokeProxy: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/proxies/:proxy', access: 'user', tags, params: z.object({ id: zId, proxy: zId }), message: 'Deleted successfully',
    summary: 'Revoke a proxy (the giver, the holder, the owner or an admin) before the meeting starts; once it has started 409 `proxy`',
    rpc: RevokeProxy, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, proxyId: params.proxy }),
  }),
} as const;
