import { z } from 'zod';
import { defineComposedRoute, defineRoute } from '../core/route';
import { SetPin, TwoFactorSetup } from './auth.rpc';
import { zChangePasswordBody, zSetPinBody, zTwoFactorCodeBody, zTwoFactorDisableBody } from './auth.http';
import { OrgMessages } from './organization.errors';
import { DeleteProfilePhoto, GetProfile, zProfile } from './users.rpc';
import { zProfileBody } from './users.http';

/** POST /api/two_factor/enable and /disable: whether two-factor is on now. */
export const zTwoFactorState = z.object({ two_factor: z.boolean() });

const tags = ['profile'];
const image = { kind: 'single', field: 'image' } as const;

/** The signed-in user's profile and credentials: PIN, password, two-factor (docs/product/administration.md#records). */
export const ProfileRoutes = {
  getProfile: defineRoute({
    method: 'GET', path: '/api/profile', access: 'user', tags,
    summary: 'My profile, with the permission slugs of my role',
    rpc: GetProfile, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  updateProfile: defineComposedRoute({
    method: 'PUT', path: '/api/profile', access: 'user', tags, body: zProfileBody, upload: image, response: zProfile, message: OrgMessages.profileUpdated,
    summary: 'Edit my profile (name, phone, email required); optional image (png/jpeg)',
  }),
  updateProfileForm: defineComposedRoute({
    method: 'POST', path: '/api/profile', access: 'user', tags, body: zProfileBody, upload: image, response: zProfile, message: OrgMessages.profileUpdated,
    summary: 'Edit my profile (POST form for multipart clients)',
  }),
  deleteProfilePhoto: defineRoute({
    method: 'DELETE', path: '/api/profile/photo', access: 'user', tags, message: OrgMessages.photoDeleted,
    summary: 'Delete my photo',
    rpc: DeleteProfilePhoto, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  deleteProfilePhotoForm: defineRoute({
    method: 'POST', path: '/api/profile/delete_photo', access: 'user', tags, message: OrgMessages.photoDeleted,
    summary: 'Delete my photo (POST for form clients)',
    rpc: DeleteProfilePhoto, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  changePassword: defineComposedRoute({
    method: 'POST', path: '/api/change_password', access: 'user', tags, body: zChangePasswordBody, response: z.null(), message: OrgMessages.passwordChanged,
    rateLimit: { name: 'password-change', count: 'failures', identityFromActor: true, credentialFields: ['current_password'] },
    summary: "Change the password (current, new and retype); ends the user's other sessions and PIN device tokens",
  }),
  setPin: defineRoute({
    method: 'POST', path: '/api/pin', access: 'user', tags, body: zSetPinBody, answer: 'empty', message: OrgMessages.pinSet,
    summary: 'Set the sign-in PIN (5 digits, retyped)',
    rpc: SetPin, toRpc: ({ call, body }) => ({ orgId: call.orgId, actor: call.actor, ...body }),
  }),
  twoFactorSetup: defineRoute({
    method: 'POST', path: '/api/two_factor/setup', access: 'user', tags,
    summary: 'Start two-factor enrolment: a new secret and its otpauth URL (active after confirming a code)',
    rpc: TwoFactorSetup, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  twoFactorEnable: defineComposedRoute({
    method: 'POST', path: '/api/two_factor/enable', access: 'user', tags, body: zTwoFactorCodeBody, response: zTwoFactorState, message: OrgMessages.twoFactorActivated,
    rateLimit: { name: 'two-factor', count: 'failures', identityFromActor: true, credentialFields: ['code'] },
    summary: 'Turn two-factor on by confirming a code from the authenticator',
  }),
  twoFactorDisable: defineComposedRoute({
    method: 'POST', path: '/api/two_factor/disable', access: 'user', tags, body: zTwoFactorDisableBody, response: zTwoFactorState, message: OrgMessages.twoFactorDeactivated,
    rateLimit: { name: 'two-factor', count: 'failures', identityFromActor: true, credentialFields: ['password'] },
    summary: 'Turn two-factor off (current password)',
  }),
} as const;
