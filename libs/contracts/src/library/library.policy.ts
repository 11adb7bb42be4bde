import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zTenant } from '../core/common';
import { defineRoute } from '../core/route';
import { zStrictId } from './library.http';
import { zDownloadPolicy } from './library.schemas';

/**
 * Documents that stay in the room (docs/library.md#download-policy): what a reader may do with a file beyond
 * viewing it. `view_only`: the viewer shows it, no download and no print; `download`: the file as stored;
 * `watermarked`: a copy with the reader's name, e-mail, organization and the time drawn on every page.
 * Set per organization, committee, folder or file; the nearest setting wins (services/library/src/rules/download-policy.ts).
 */
export const POLICY_LEVELS = ['organization', 'committee', 'folder', 'file'] as const;
export const zPolicyLevel = z.enum(POLICY_LEVELS);
export type PolicyLevel = z.output<typeof zPolicyLevel>;

/** one level's setting: its own (null: inherits) and what applies there after inheritance */
export const zDownloadPolicyView = z.object({
  level: zPolicyLevel,
  /** the committee, folder or file id; null for the organization */
  id: z.number().int().nullable(),
  /** the setting of this level itself; null when it inherits */
  policy: zDownloadPolicy.nullable(),
  /** what applies at this level: the nearest setting (the organization's default is `download`) */
  effective: zDownloadPolicy,
  /** the level the effective policy comes from; null for the built-in default */
  inherited_from: zPolicyLevel.nullable(),
  /** may the caller change this level's setting (administrators; for a folder or file, who may edit it) */
  can_edit: z.boolean(),
});
export type DownloadPolicyView = z.output<typeof zDownloadPolicyView>;

const zTarget = { level: zPolicyLevel, targetId: z.number().int().positive().nullable() };
export const GetDownloadPolicy = defineRpc({ subject: 'library.v1.get-download-policy', request: zTenant.extend(zTarget), response: zDownloadPolicyView });
export const SetDownloadPolicy = defineRpc({ subject: 'library.v1.set-download-policy', request: zTenant.extend({ ...zTarget, policy: zDownloadPolicy.nullable() }), response: zDownloadPolicyView });

/** `id`: the committee, folder or file (not given for the organization; the service answers 409 on `id` otherwise) */
export const zDownloadPolicyQuery = z.object({ level: zPolicyLevel, id: z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), zStrictId.optional()) });
export const zDownloadPolicyBody = z.object({ level: zPolicyLevel, id: zStrictId.nullable().optional(), policy: zDownloadPolicy.nullable() });
export const DownloadPolicyMessages = {
  idRequired: 'The id field is required for a committee, folder or file.',
  idProhibited: 'The id field is prohibited for the organization.',
  saved: 'Download policy saved',
} as const;

const tags = ['library'];
export const DownloadPolicyRoutes = {
  getDownloadPolicy: defineRoute({
    method: 'GET', path: '/api/download-policy', access: 'user', tags, query: zDownloadPolicyQuery,
    summary: 'The download policy of the organization, a committee, a folder or a file (level, id): its own setting, the effective one and where it comes from',
    rpc: GetDownloadPolicy, toRpc: ({ call, query }) => ({ ...call, level: query.level, targetId: query.id ?? null }),
  }),
  setDownloadPolicy: defineRoute({
    method: 'PUT', path: '/api/download-policy', access: 'user', tags, body: zDownloadPolicyBody,
    message: DownloadPolicyMessages.saved,
    summary: 'Set (view_only | download | watermarked) or clear (null: inherit) the download policy of a level {level, id, policy}',
    rpc: SetDownloadPolicy, toRpc: ({ call, body }) => ({ ...call, level: body.level, targetId: body.id ?? null, policy: body.policy }),
  }),
} as const;
