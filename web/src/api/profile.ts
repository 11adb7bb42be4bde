import { Routes, UPLOAD_URL_PREFIX, uploadUrl, type RouteData } from '@app/contracts';
import { successMessage } from './auth';
import { api } from './client';
import type { StoredUser } from './session';

/**
 * Profile (docs/product/administration.md#records) as the API answers it (GET /api/profile): id, name, position, designation, phone,
 * birth_date, email, image (an upload key), role, pin and two_factor flags, is_admin and the permission slugs
 * of the role (docs/product/meetings.md#permissions).
 */
export type Profile = RouteData<typeof Routes.getProfile>;

/** An image as the API sends it: a URL, an upload key ('<orgId>/images/<file>') or a bare file name. */
export function imageUrl(image: string | null | undefined): string | null {
  if (!image) return null;
  if (/^(https?:|data:|blob:|\/)/.test(image)) return image;
  if (image.includes('/')) return uploadUrl(image);
  return `${UPLOAD_URL_PREFIX}/images/${image}`;
}

/** The permission slugs of the profile's role. */
export function permissionSlugs(p: Pick<Profile, 'permissions'>): string[] {
  return p.permissions.map((x) => x.slug);
}

/** What the browser keeps of the signed-in user (session.setUser). */
export function storedUserOf(p: Profile): StoredUser {
  return { id: p.id, name: p.name, email: p.email, image: imageUrl(p.image), role: p.role, permissions: permissionSlugs(p), isAdmin: p.is_admin };
}

export function getProfile(): Promise<Profile> {
  return api(Routes.getProfile);
}

/** POST /api/profile (multipart; image optional, png/jpeg) */
export async function updateProfile(input: {
  name: string;
  position: string;
  designation: string;
  phone: string;
  date_of_birth: string | null;
  email: string;
  image?: File | null;
}): Promise<{ profile: Profile; message: string | null }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    form.append(k, v instanceof File ? v : String(v));
  }
  const profile = await api(Routes.updateProfileForm, { form, notify: false });
  return { profile, message: successMessage(Routes.updateProfileForm) };
}

/** POST /api/change_password */
export async function changePassword(body: { current_password: string; password: string; password_confirmation: string }): Promise<string | null> {
  await api(Routes.changePassword, { body });
  return successMessage(Routes.changePassword);
}

/** POST /api/pin { pin, pin_confirmation } */
export async function setPin(body: { pin: string; pin_confirmation: string }): Promise<string | null> {
  await api(Routes.setPin, { body });
  return successMessage(Routes.setPin);
}

/**
 * Two-factor (TOTP): setup answers a fresh secret and its otpauth URL, enable confirms it with a code,
 * disable asks for the password. Failures say 'Something went wrong' (docs/product/errors.md#the-catalogue), so no status toast.
 * POST /api/two_factor/setup, /api/two_factor/enable { code }, /api/two_factor/disable { password }.
 */
export type TwoFactorSetup = RouteData<typeof Routes.twoFactorSetup>;
export const twoFactorApi = {
  setup: (): Promise<TwoFactorSetup> => api(Routes.twoFactorSetup, { notify: false }),
  enable: async (code: string) => {
    await api(Routes.twoFactorEnable, { body: { code }, notify: false });
    return successMessage(Routes.twoFactorEnable);
  },
  disable: async (password: string) => {
    await api(Routes.twoFactorDisable, { body: { password }, notify: false });
    return successMessage(Routes.twoFactorDisable);
  },
};
