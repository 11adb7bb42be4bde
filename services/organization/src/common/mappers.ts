import {
  parseLang, serverDate, uploadUrl, zOrgModules,
  type DirectoryUser, type OrgModules, type OrgPublic, type Profile, type User, type UserBrief, type Variant,
} from '@app/contracts';
import type { UserRow, UserCommittees } from '../repositories/users.repository';
import type { RoleRow } from '../repositories/roles.repository';
import type { OrganizationRow } from '../repositories/organizations.repository';
import { resolvePermissions } from '../rules/permissions';

export function toUserBrief(u: UserRow): UserBrief {
  return { id: u.id, name: u.name, email: u.email, image: uploadUrl(u.image), position: u.position, designation: u.designation };
}

type Status = 'Active' | 'Inactive' | 'Pending';
const status = (u: UserRow): Status => (u.status === 'Active' || u.status === 'Inactive' ? u.status : 'Pending');

/** a user as the API shows them; dates in the organization's zone */
export function toUser(u: UserRow, role: RoleRow | null | undefined, c: UserCommittees | undefined, zone: string): User {
  const image = uploadUrl(u.image);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    position: u.position,
    designation: u.designation,
    date_of_birth: u.dateOfBirth,
    image,
    avatar: image,
    role_id: u.roleId,
    role: role ? { id: role.id, name: role.name } : null,
    is_admin: role?.builtin === 'admin',
    team: u.team,
    admin_committees: c?.admin ?? [],
    member_committees: c?.member ?? [],
    status: status(u),
    email_verified: !!u.emailVerifiedAt,
    two_factor: u.twoFactorEnabled,
    lang: parseLang(u.lang),
    created_at: serverDate(u.createdAt, zone)!,
    deleted_at: serverDate(u.deletedAt, zone),
  };
}

/** the signed-in user's own payload: the fields it shares with the user payload come from toUser */
export function toProfile(u: UserRow, role: RoleRow | null | undefined, c: UserCommittees | undefined, org: OrganizationRow): Profile {
  const {
    id, name, email, phone, position, designation, date_of_birth, image, role_id, role: roleRef, is_admin, two_factor, status, lang, team, admin_committees, member_committees,
  } = toUser(u, role, c, org.timeZone);
  return {
    id, name, email, phone, position, designation, birth_date: date_of_birth, date_of_birth, image, role_id, role: roleRef, is_admin,
    permissions: resolvePermissions(role).map((slug) => ({ slug })),
    pin: !!u.pinHash,
    two_factor, status, lang, team, admin_committees, member_committees,
    org: { id: org.id, slug: org.slug, name: org.name, logo: uploadUrl(org.logo) },
  };
}

export function toDirectoryUser(u: UserRow, role: RoleRow | null | undefined): DirectoryUser {
  return {
    ...toUserBrief(u),
    role_id: u.roleId,
    is_admin: role?.builtin === 'admin',
    lang: parseLang(u.lang),
    status: u.deletedAt ? 'Deleted' : status(u),
  };
}

export function modulesOf(org: OrganizationRow): OrgModules {
  const r = zOrgModules.safeParse(org.modules ?? {});
  return r.success ? r.data : zOrgModules.parse({});
}

export function variantOf(org: OrganizationRow): Variant {
  return org.variant === 'moe' || org.variant === 'tender' ? org.variant : 'default';
}

export function toOrgPublic(org: OrganizationRow): OrgPublic {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    logo: uploadUrl(org.logo),
    time_zone: org.timeZone,
    variant: variantOf(org),
    modules: modulesOf(org),
    status: org.status === 'inactive' ? 'inactive' : 'active',
  };
}
