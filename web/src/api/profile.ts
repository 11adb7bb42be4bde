import { UPLOAD_URL_PREFIX, uploadUrl } from '@app/contracts';
import { api, dataOf } from './client';
import { arr, bool, num, obj, pick, str, strOrNull } from './fields';

/**
 * Profile (platform.md §3): id, name, position, designation, phone, birth date, email, image, role,
 * pin, password, two-factor flag; plus the signed-in user's permission slugs (§6).
 * The field mapping lives here only.
 */
export interface Profile {
  id: number;
  name: string;
  position: string;
  designation: string;
  phone: string;
  birthDate: string | null;
  email: string;
  image: string | null;
  role: { id: number | null; name: string };
  hasPin: boolean;
  twoFactor: boolean;
  permissions: string[];
  /** organization administrator: holds every permission slug */
  isAdmin: boolean;
}

/** An image as the API sends it: a URL, an upload key ('<orgId>/images/<file>') or a bare file name. */
export function imageUrl(image: string | null | undefined): string | null {
  if (!image) return null;
  if (/^(https?:|data:|blob:|\/)/.test(image)) return image;
  if (image.includes('/')) return uploadUrl(image);
  return `${UPLOAD_URL_PREFIX}/images/${image}`;
}

function slugs(v: unknown): string[] {
  return arr(v)
    .map((p) => (typeof p === 'string' ? p : str(obj(p).slug)))
    .filter((s) => s !== '');
}

export function mapProfile(body: unknown): Profile {
  const raw = obj(dataOf(body));
  const p = obj(raw.user ?? raw);
  const role = pick(p, 'role');
  const roleObj = obj(role);
  const permissions = slugs(p.permissions).length ? slugs(p.permissions) : slugs(roleObj.permissions);
  return {
    id: num(p.id),
    name: str(p.name),
    position: str(p.position),
    designation: str(p.designation),
    phone: str(p.phone),
    birthDate: strOrNull(pick(p, 'birth_date', 'date_of_birth', 'dob')),
    email: str(p.email),
    image: imageUrl(strOrNull(pick(p, 'image', 'avatar'))),
    role: {
      id: typeof role === 'object' ? num(roleObj.id, NaN) || null : num(pick(p, 'role_id'), NaN) || null,
      name: typeof role === 'object' ? str(roleObj.name) : str(role),
    },
    hasPin: bool(pick(p, 'has_pin', 'pin')),
    twoFactor: bool(pick(p, 'two_factor', 'two_factor_enabled')),
    permissions,
    isAdmin: bool(p.is_admin),
  };
}

export async function getProfile(): Promise<Profile> {
  return mapProfile(await api.get('/profile'));
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
  const body = await api.post('/profile', form, { notify: false });
  return { profile: mapProfile(body), message: strOrNull(obj(body).message) };
}

/** POST /api/change_password */
export async function changePassword(input: { current_password: string; password: string; password_confirmation: string }): Promise<string | null> {
  return strOrNull(obj(await api.post('/change_password', input)).message);
}

/** POST /api/pin { pin, pin_confirmation } */
export async function setPin(input: { pin: string; pin_confirmation: string }): Promise<string | null> {
  return strOrNull(obj(await api.post('/pin', input)).message);
}

/**
 * Two-factor (TOTP): setup answers a fresh secret and its otpauth URL, enable confirms it with a code,
 * disable asks for the password. Failures say 'Something went wrong' (platform.md §8), so no status toast.
 * POST /api/two_factor/setup, /api/two_factor/enable { code }, /api/two_factor/disable { password }.
 */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
}
export const twoFactorApi = {
  setup: async (): Promise<TwoFactorSetup> => {
    const d = obj(dataOf(await api.post('/two_factor/setup', {}, { notify: false })));
    return { secret: str(d.secret), otpauthUrl: str(d.otpauth_url) };
  },
  enable: async (code: string) => strOrNull(obj(await api.post('/two_factor/enable', { code }, { notify: false })).message),
  disable: async (password: string) => strOrNull(obj(await api.post('/two_factor/disable', { password }, { notify: false })).message),
};
