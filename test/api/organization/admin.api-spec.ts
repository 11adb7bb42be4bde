/**
 * Administration through the gateway: users, roles, permissions, committees, boards, profile, logs,
 * information, status, integrations, news and uploads; every validation of docs/product/errors.md#validation-rules with its
 * message; a failed request writes nothing; the error catalogue.
 */
import ExcelJS from 'exceljs';
import { api, createTestUser, login } from '@app/testing';
import { GATEWAY, PNG, env, orgWithAdmin } from './helpers';

jest.setTimeout(60_000);

const REQUIRED = 'This field is required.';
type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;

let ctx: Ctx;
let memberRoleId: number;
let committeeId: number;
let member: { userId: number; email: string; password: string };
let memberApi: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await orgWithAdmin();
  memberRoleId = (await ctx.admin.get('/roles')).body.data.find((r: { builtin: string }) => r.builtin === 'member').id;
  member = await createTestUser(env.NATS_URL, ctx.org.orgId, { name: 'Plain Member' });
  memberApi = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, member.email, member.password) });
  const c = await ctx.admin.post('/committees', { name: 'Audit', description: 'Audit committee', quorum: 60, admins: [ctx.org.admin.userId], users: [member.userId] });
  expect(c.status).toBe(200);
  committeeId = c.body.data.id;
});

async function total(path: string): Promise<number> {
  const r = await ctx.admin.get(path, { per_page: 1, perpage: 1 });
  expect(r.status).toBe(200);
  return r.body.meta.total;
}

describe('error catalogue', () => {
  it('401 Authentication Fail without a token, in the Lang language', async () => {
    const r = await ctx.anon.get('/users');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, message: 'Authentication Fail' });
    expect((await ctx.anon.with({ lang: 'ar' }).get('/users')).body.message).toBe('فشل المصادقة');
  });
  it('404 Not Found for an unknown id', async () => {
    const r = await ctx.admin.get('/users/99999999');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Not Found');
    expect((await ctx.admin.with({ lang: 'ru' }).get('/committees/99999999')).body.message).toBe('Не найдено');
  });
  it('404 Invalid Organization URL for an unknown organization', async () => {
    const r = await api(GATEWAY, { org: 'no-such-org-here' }).post('/login', { email: 'a@b.test', password: 'x' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Invalid Organization URL');
  });
  it('403 Authentication Fail for a member on an administrator route', async () => {
    const r = await memberApi.get('/users');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Authentication Fail');
    expect((await memberApi.post('/committees', { name: 'X', description: 'Y', quorum: 50, admins: [member.userId], users: [member.userId] })).status).toBe(403);
    expect((await memberApi.get('/logs')).status).toBe(403);
  });
});

describe('users', () => {
  const valid = () => ({ name: 'Valid User', email: `v-${Math.random().toString(36).slice(2)}@example.test`, phone: '501234567', role_id: memberRoleId, team: 'Finance' });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['name, email, phone and role required', { name: '', email: '', phone: '', role_id: '' }, { name: [REQUIRED], email: [REQUIRED], phone: [REQUIRED], role_id: [REQUIRED] }],
    ['valid email', { email: 'nope' }, { email: ['The email must be a valid email address.'] }],
    ['phone digits only', { phone: '50-123' }, { phone: ['The phone must contain digits only.'] }],
    ['phone at most 12 digits', { phone: '1234567890123' }, { phone: ['The phone may not be greater than 12 digits.'] }],
    ['team or committee required', { team: '' }, { team: ['The team or a committee is required.'] }],
    ['role of this organization', { role_id: 987654321 }, { role_id: ['The role is required.'] }],
    ['committee of this organization', { member_committees: [987654321] }, { member_committees: ['The selected committee is invalid.'] }],
  ])('%s (409, nothing written)', async (_n, patch, errors) => {
    const before = await total('/users');
    const r = await ctx.admin.post('/users', { ...valid(), ...patch });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Error in validation');
    expect(r.body.errors).toEqual(errors);
    expect(await total('/users')).toBe(before);
  });

  it('a taken e-mail is refused', async () => {
    const r = await ctx.admin.post('/users', { ...valid(), email: member.email.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('a non-image upload is refused and nothing is written', async () => {
    const before = await total('/users');
    const v = valid();
    const r = await ctx.admin.upload('/users', { ...v, role_id: String(v.role_id) }, { image: { name: 'x.png', type: 'image/png', data: Buffer.from('not a png at all') } });
    expect(r.status).toBe(409);
    expect(r.body.errors.image).toEqual(['The image must be a file of type: png, jpeg.']);
    expect(await total('/users')).toBe(before);
  });

  it('create (Pending, with avatar), list and search, edit, toggle, delete, deleted list, restore, delete photo', async () => {
    const v = valid();
    const created = await ctx.admin.upload('/users', { ...v, role_id: String(v.role_id), member_committees: [String(committeeId)], position: 'Analyst', date_of_birth: '1990-04-05' }, { image: { name: 'me.png', type: 'image/png', data: PNG } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('User added successfully. An email has been sent to finish registration.');
    const u = created.body.data;
    expect(u).toMatchObject({ name: v.name, email: v.email, status: 'Pending', position: 'Analyst', date_of_birth: '1990-04-05', member_committees: [{ id: committeeId, name: 'Audit' }] });
    expect(u.image).toMatch(/^\/api\/public\/uploads\/images\/[\w-]+\.png$/);
    const img = await fetch(`${GATEWAY}${u.image}`, { headers: { 'x-org': ctx.org.slug } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);

    const found = await ctx.admin.get('/users', { search: v.email, page: 1, perpage: 5 });
    expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([u.id]);
    expect(found.body.meta).toMatchObject({ page: 1, per_page: 5, total: 1 });
    const reset = await ctx.admin.get('/users', { search: v.email, reset: 1, perpage: 100 });
    expect(reset.body.meta.total).toBeGreaterThan(1);
    const members = await ctx.admin.get('/users/all', { committee_id: committeeId });
    expect(members.body.data.map((x: { id: number }) => x.id).sort()).toEqual([ctx.org.admin.userId, member.userId].sort());

    const edited = await ctx.admin.put(`/users/${u.id}`, { ...v, name: 'Renamed User', designation: 'Secretary' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed User', designation: 'Secretary', member_committees: [] });

    const off = await ctx.admin.post(`/users/${u.id}/togglestatus`);
    expect(off.body.data.status).toBe('Inactive');
    const on = await ctx.admin.post(`/users/${u.id}/togglestatus`);
    expect(on.body.data.status).toBe('Pending');

    const photo = await ctx.admin.delete(`/users/${u.id}/delete_photo`);
    expect(photo.body.data.image).toBeNull();

    expect((await ctx.admin.delete(`/users/${u.id}`)).status).toBe(200);
    expect((await ctx.admin.get('/users', { search: v.email })).body.meta.total).toBe(0);
    const deleted = await ctx.admin.get('/users/deleted', { search: v.email });
    expect(deleted.body.data.map((x: { id: number }) => x.id)).toEqual([u.id]);
    const restored = await ctx.admin.post(`/users/${u.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('User restored successfully.');
    expect((await ctx.admin.get('/users', { search: v.email })).body.meta.total).toBe(1);
  });

  it('deactivating a user ends their sessions; the administrator cannot deactivate or delete themselves', async () => {
    const u = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const theirs = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, u.email, u.password) });
    expect((await theirs.get('/profile')).status).toBe(200);
    await ctx.admin.post(`/users/${u.userId}/togglestatus`);
    expect((await theirs.get('/profile')).status).toBe(401);
    const self = await ctx.admin.post(`/users/${ctx.org.admin.userId}/togglestatus`);
    expect(self.status).toBe(409);
    expect(self.body.errors.user).toEqual(['You cannot do this to your own account.']);
    expect((await ctx.admin.delete(`/users/${ctx.org.admin.userId}`)).status).toBe(409);
  });

  it('Excel upload: the template structure is required; rows become invited users', async () => {
    const tpl = await fetch(`${GATEWAY}/api/users/template`, { headers: { 'x-org': ctx.org.slug, token: ctx.token } });
    expect(tpl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['name', 'email', 'phone', 'position', 'designation', 'date_of_birth', 'role', 'team', 'committees']);

    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('x').addRow(['full name', 'mail']);
    const before = await total('/users');
    const bad = await ctx.admin.upload('/users/upload', {}, { file: { name: 'u.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: Buffer.from(await wrong.xlsx.writeBuffer()) } });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toBe('Please use the same sheet structure as the template.');
    const notExcel = await ctx.admin.upload('/users/upload', {}, { file: { name: 'u.xlsx', type: 'text/plain', data: Buffer.from('a,b,c') } });
    expect(notExcel.status).toBe(409);

    const sheet = wb.worksheets[0];
    sheet.spliceRows(2, sheet.rowCount);
    const e1 = `sheet1-${Date.now()}@example.test`;
    sheet.addRow(['Sheet One', e1, '5005001', 'Clerk', '', '', 'Member', '', 'Audit']);
    sheet.addRow(['Bad Row', 'not-an-email', 'abc', '', '', '', 'Member', 'Ops', '']);
    const invalid = await ctx.admin.upload('/users/upload', {}, { file: { name: 'u.xlsx', type: 'application/octet-stream', data: Buffer.from(await wb.xlsx.writeBuffer()) } });
    expect(invalid.status).toBe(409);
    expect(invalid.body.errors).toMatchObject({ 'row_3.email': ['The email must be a valid email address.'], 'row_3.phone': ['The phone must contain digits only.'] });
    expect(await total('/users')).toBe(before);

    sheet.spliceRows(3, 1);
    sheet.addRow(['Already There', member.email, '5005002', '', '', '', '', 'Ops', '']);
    const ok = await ctx.admin.upload('/users/upload', {}, { file: { name: 'u.xlsx', type: 'application/octet-stream', data: Buffer.from(await wb.xlsx.writeBuffer()) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.created).toBe(1);
    expect(ok.body.data.skipped).toEqual([expect.objectContaining({ email: member.email })]);
    const added = (await ctx.admin.get('/users', { search: e1 })).body.data[0];
    expect(added).toMatchObject({ name: 'Sheet One', status: 'Pending', member_committees: [{ id: committeeId, name: 'Audit' }] });
  });
});

describe('roles and permissions', () => {
  it('GET /api/permissions lists the slugs, the side-menu ones included', async () => {
    const r = await memberApi.get('/permissions');
    const slugs = r.body.data.map((p: { slug: string }) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['home_show', 'calendar_show', 'news_show', 'actions_show', 'library_show', 'organization_information', 'users_manage', 'meetings_create']));
  });

  it('built-in roles exist: Admin with every slug, Member with the *_show slugs', async () => {
    const roles = (await ctx.admin.get('/roles')).body.data;
    const admin = roles.find((r: { builtin: string }) => r.builtin === 'admin');
    const memberRole = roles.find((r: { builtin: string }) => r.builtin === 'member');
    expect(admin.permissions.length).toBe((await ctx.admin.get('/permissions')).body.data.length);
    expect(memberRole.permissions.every((p: { slug: string }) => p.slug.endsWith('_show'))).toBe(true);
    expect(admin.can_delete).toBe(false);
  });

  it('name and users required; a role grants its slugs to its users', async () => {
    const before = await total('/roles');
    const bad = await ctx.admin.post('/roles', { name: '', users: [] });
    expect(bad.status).toBe(409);
    expect(bad.body.errors).toEqual({ name: [REQUIRED], users: [REQUIRED] });
    expect(await total('/roles')).toBe(before);

    const u = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const created = await ctx.admin.post('/roles', { name: 'Loggers', users: [u.userId], permissions: [{ slug: 'logs_show' }, 'home_show'] });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Role added successfully.');
    const theirs = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, u.email, u.password) });
    const profile = (await theirs.get('/profile')).body.data;
    expect(profile.role.name).toBe('Loggers');
    expect(profile.permissions).toEqual([{ slug: 'home_show' }, { slug: 'logs_show' }]);
    expect((await theirs.get('/logs')).status).toBe(200);
    expect((await theirs.get('/users')).status).toBe(403);

    const dup = await ctx.admin.post('/roles', { name: 'loggers', users: [u.userId] });
    expect(dup.body.errors.name).toEqual(['The name has already been taken.']);
    expect((await ctx.admin.delete(`/roles/${created.body.data.id}`)).status).toBe(200);
    expect((await theirs.get('/profile')).body.data.role.name).toBe('Member');
    const builtin = await ctx.admin.delete(`/roles/${memberRoleId}`);
    expect(builtin.status).toBe(409);
  });
});

describe('committees and boards', () => {
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['name, description, admins, users required', { name: '', description: '', admins: [], users: [], quorum: 50 }, { name: [REQUIRED], description: [REQUIRED], admins: [REQUIRED], users: [REQUIRED] }],
    ['quorum below 5', { quorum: 4 }, { quorum: ['The quorum must be between 5% and 100%.'] }],
    ['quorum above 100', { quorum: 101 }, { quorum: ['The quorum must be between 5% and 100%.'] }],
    ['quorum a number', { quorum: 'many' }, { quorum: ['The quorum must be a number.'] }],
    ['users of this organization', { users: [987654321] }, { users: ['The selected user is invalid.'] }],
  ])('committee: %s', async (_n, patch, errors) => {
    const before = await total('/committees');
    const r = await ctx.admin.post('/committees', { name: 'C', description: 'D', quorum: 50, admins: [ctx.org.admin.userId], users: [member.userId], ...patch });
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual(errors);
    expect(await total('/committees')).toBe(before);
  });

  it('board: the same rules', async () => {
    const before = await total('/boards');
    const r = await ctx.admin.post('/boards', { name: '', description: 'D', quorum: 3, admins: [ctx.org.admin.userId], users: [member.userId] });
    expect(r.body.errors).toEqual({ name: [REQUIRED], quorum: ['The quorum must be between 5% and 100%.'] });
    expect(await total('/boards')).toBe(before);
  });

  it('ordered by name descending; statistics; status; committee admins may edit their committee', async () => {
    for (const name of ['Alpha', 'Zulu', 'Mike']) {
      expect((await ctx.admin.post('/committees', { name, description: `${name} committee`, quorum: 50, admins: [member.userId], users: [ctx.org.admin.userId] })).status).toBe(200);
    }
    const list = (await ctx.admin.get('/committees', { per_page: 100 })).body.data.map((c: { name: string }) => c.name);
    expect(list).toEqual([...list].sort().reverse());
    const stats = (await ctx.admin.get('/committees/statistics')).body.data;
    expect(stats.total).toBe(list.length);
    const zulu = stats.committees.find((c: { name: string }) => c.name === 'Zulu');
    expect(zulu).toMatchObject({ admins: 1, members: 2 });

    const id = (await ctx.admin.get('/committees', { search: 'Zulu' })).body.data[0].id;
    const off = await ctx.admin.put(`/committees/${id}/status`, { status: 'inactive' });
    expect(off.body.data.status).toBe('inactive');
    expect((await ctx.admin.get('/committees/statistics')).body.data.inactive).toBeGreaterThanOrEqual(1);
    const toggled = await ctx.admin.put(`/committees/${id}/status`, {});
    expect(toggled.body.data.status).toBe('active');

    // member is Zulu's admin: may edit it, may not create or delete
    const edit = await memberApi.put(`/committees/${id}`, { name: 'Zulu', description: 'Edited by its admin', quorum: 75, admins: [member.userId], users: [ctx.org.admin.userId] });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ quorum: 75, can_edit: true });
    expect((await memberApi.delete(`/committees/${id}`)).status).toBe(403);
    expect((await memberApi.put(`/committees/${committeeId}`, { name: 'Audit', description: 'x', quorum: 50, admins: [member.userId], users: [member.userId] })).status).toBe(403);
  });

  it('boards: expiration date and committees', async () => {
    const b = await ctx.admin.post('/boards', { name: 'Main Board', description: 'The board', quorum: 66, admins: [ctx.org.admin.userId], users: [member.userId], expiration_date: '2000-01-01', committees: [committeeId] });
    expect(b.status).toBe(200);
    expect(b.body.data).toMatchObject({ expiration_date: '2000-01-01', expired: true, committees: [{ id: committeeId, name: 'Audit' }] });
    const bad = await ctx.admin.put(`/boards/${b.body.data.id}`, { name: 'Main Board', description: 'The board', quorum: 66, admins: [ctx.org.admin.userId], users: [member.userId], committees: [987654321] });
    expect(bad.body.errors.committees).toEqual(['The selected committee is invalid.']);
    expect((await ctx.admin.get(`/boards/${b.body.data.id}`)).body.data.committees).toHaveLength(1);
    expect((await ctx.admin.delete(`/boards/${b.body.data.id}`)).status).toBe(200);
    expect((await ctx.admin.get(`/boards/${b.body.data.id}`)).status).toBe(404);
  });
});

describe('profile', () => {
  it('name, phone, email required; edit with an image; delete photo', async () => {
    const u = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const me = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, u.email, u.password) });
    const bad = await me.put('/profile', { name: '', email: 'x', phone: '12a' });
    expect(bad.status).toBe(409);
    expect(bad.body.errors).toEqual({ name: [REQUIRED], email: ['The email must be a valid email address.'], phone: ['The phone must contain digits only.'] });
    const ar = await me.with({ lang: 'ar' }).put('/profile', { name: 'A', email: u.email, phone: '1234567890123' });
    expect(ar.body.errors.phone).toEqual(['يجب ألا يتجاوز الهاتف 12 رقمًا.']);
    const ok = await me.upload('/profile', { name: 'New Name', email: u.email, phone: '555', position: 'Chair', designation: 'Chairman', date_of_birth: '1980-01-02' }, { image: { name: 'a.png', type: 'image/png', data: PNG } }, 'PUT');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: 'New Name', position: 'Chair', designation: 'Chairman', birth_date: '1980-01-02' });
    expect(ok.body.data.image).toMatch(/^\/api\/public\/uploads\/images\//);
    expect((await me.delete('/profile/photo')).body.data.image).toBeNull();
  });
});

describe('organization information, status, integrations, logs', () => {
  it('information: company name, website, location and time zone required; logo png/jpeg', async () => {
    const bad = await ctx.admin.put('/information', { company_name: '', website: '', location: '', time_zone: '' });
    expect(bad.status).toBe(409);
    expect(bad.body.errors).toEqual({ company_name: [REQUIRED], website: [REQUIRED], location: [REQUIRED], time_zone: [REQUIRED] });
    const zone = await ctx.admin.put('/information', { company_name: 'X', website: 'x.test', location: 'Y', time_zone: 'Nowhere/City' });
    expect(zone.body.errors.time_zone).toEqual(['The time zone is invalid.']);
    const ok = await ctx.admin.upload('/information', { company_name: 'Renamed Org', website: 'https://renamed.test', location: 'Riyadh', time_zone: 'Asia/Riyadh' }, { logo: { name: 'l.png', type: 'image/png', data: PNG } }, 'PUT');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ company_name: 'Renamed Org', time_zone: 'Asia/Riyadh', location: 'Riyadh' });
    expect(ok.body.data.logo).toMatch(/^\/api\/public\/uploads\/logos\/[\w-]+\.png$/);
    const logo = await fetch(`${GATEWAY}${ok.body.data.logo}`, { headers: { 'x-org': ctx.org.slug } });
    expect(logo.status).toBe(200);
    expect((await memberApi.put('/information', { company_name: 'Hack', website: 'h.test', location: 'x', time_zone: 'UTC' })).status).toBe(403);
    const root = await ctx.anon.get('/');
    expect(root.body.name).toBe('Renamed Org');
  });

  it('status gives the modules with defaults; an administrator changes them', async () => {
    const s = await memberApi.get('/status');
    expect(s.body.data).toMatchObject({ na: [], approval_mode: 'old', nda: 0, compress: 0, mom: 0, currentOrg: { slug: ctx.org.slug } });
    const bad = await ctx.admin.put('/status', { approval_mode: 'sideways' });
    expect(bad.status).toBe(409);
    // the switches are 0 or 1 exactly: true, '1', 'true' and [1] are refused on their field, and nothing is written
    for (const [field, value] of [['nda', true], ['nda', '1'], ['mom', 'true'], ['compress', [1]], ['mom', false]] as const) {
      const r = await ctx.admin.put('/status', { [field]: value });
      expect({ field, value, status: r.status, message: r.body.message, has: r.body.errors?.[field] !== undefined }).toEqual({ field, value, status: 409, message: 'Error in validation', has: true });
    }
    expect((await memberApi.get('/status')).body.data).toMatchObject({ nda: 0, compress: 0, mom: 0 });
    const changed = await ctx.admin.put('/status', { na: ['news', 'meeting.zoom'], approval_mode: 'new', nda: 1 });
    expect(changed.body.data).toMatchObject({ na: ['news', 'meeting.zoom'], approval_mode: 'new', nda: 1, m: ['meeting.zoom'], r: ['news'] });
    expect((await memberApi.put('/status', { nda: 0 })).status).toBe(403);
  });

  it('integrations: Google Calendar, Microsoft Outlook, iCal feed, not connected unless configured', async () => {
    const r = await memberApi.get('/integrations/calendars');
    expect(r.body.data).toEqual([
      { key: 'google', name: 'Google Calendar', connected: false, url: null },
      { key: 'outlook', name: 'Microsoft Outlook', connected: false, url: null },
      { key: 'ical', name: 'iCal feed', connected: false, url: null },
    ]);
  });

  it('logs record administrative changes, filter by username, meta.total is the results-found count', async () => {
    const all = await ctx.admin.get('/logs', { per_page: 5 });
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBeGreaterThan(5);
    expect(all.body.data[0]).toEqual(expect.objectContaining({ id: expect.any(Number), username: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), time: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/), activity: expect.any(String) }));
    const mine = await ctx.admin.get('/logs', { username: 'Plain Member', per_page: 100 });
    expect(mine.body.data.every((l: { username: string }) => l.username === 'Plain Member')).toBe(true);
    expect(mine.body.meta.total).toBe(mine.body.data.length);
    expect(mine.body.data.map((l: { activity: string }) => l.activity)).toContain('Updated committee Zulu');
  });
});

describe('news', () => {
  it('title, URL, description, committee and at least one photo required; nothing written on failure', async () => {
    const before = await total('/news');
    const r = await ctx.admin.upload('/news', { title: '', url: '', description: '' }, {});
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual({ title: [REQUIRED], url: [REQUIRED], description: [REQUIRED], committee_id: [REQUIRED], media: ['At least one photo is required.'] });
    const notImage = await ctx.admin.upload('/news', { title: 'T', url: 'https://x.test', description: 'D', committee_id: String(committeeId) }, { media: { name: 'a.png', type: 'image/png', data: Buffer.from('nope') } });
    expect(notImage.status).toBe(409);
    expect(await total('/news')).toBe(before);
  });

  it('post with photos, like, unlike, comment; members cannot post', async () => {
    const p = await ctx.admin.upload('/news', { title: 'Quarterly results', url: 'https://example.test/q', description: 'Good quarter', committee_id: String(committeeId) }, { media: [{ name: 'a.png', type: 'image/png', data: PNG }, { name: 'b.png', type: 'image/png', data: PNG }] });
    expect(p.status).toBe(200);
    expect(p.body.message).toBe('Post added successfully.');
    const post = p.body.data;
    expect(post).toMatchObject({ title: 'Quarterly results', committee: { id: committeeId, name: 'Audit' }, likes: 0, comments_count: 0 });
    expect(post.media).toHaveLength(2);

    const liked = await memberApi.post(`/news/${post.id}/like`);
    expect(liked.body.data).toMatchObject({ likes: 1, liked: true });
    expect((await memberApi.post(`/news/${post.id}/like`)).body.data.likes).toBe(1);
    expect((await ctx.admin.get(`/news/${post.id}`)).body.data).toMatchObject({ likes: 1, liked: false });
    expect((await memberApi.delete(`/news/${post.id}/like`)).body.data).toMatchObject({ likes: 0, liked: false });

    const emptyComment = await memberApi.post(`/news/${post.id}/comments`, { comment: '   ' });
    expect(emptyComment.body.errors.comment).toEqual([REQUIRED]);
    const c = await memberApi.post(`/news/${post.id}/comments`, { comment: 'Well done' });
    expect(c.body.data.comments).toEqual([expect.objectContaining({ comment: 'Well done', user_name: 'Plain Member' })]);
    const list = await memberApi.get('/news');
    expect(list.body.data[0]).toMatchObject({ id: post.id, comments_count: 1, can_delete: false });

    const denied = await memberApi.upload('/news', { title: 'T', url: 'https://x.test', description: 'D', committee_id: String(committeeId) }, { media: { name: 'a.png', type: 'image/png', data: PNG } });
    expect(denied.status).toBe(403);
    expect((await memberApi.delete(`/news/${post.id}`)).status).toBe(403);
    expect((await ctx.admin.delete(`/news/${post.id}`)).status).toBe(200);
    expect((await ctx.admin.get(`/news/${post.id}`)).status).toBe(404);
  });
});
