import { fieldErrorsOf } from '../core/validation';
import { zChangePasswordBody, zForgotPasswordBody, zLoginBody, zPinLoginBody, zResetPasswordBody, zSetPinBody } from './auth.http';
import { zBoardBody, zCommitteeBody } from './committees.http';
import { zNewsBody } from './news.http';
import { zInformationBody } from './organization.http';
import { zRoleBody } from './roles.http';
import { zProfileBody, zUserBody } from './users.http';
import type { z } from 'zod';

/** The first message per field, or {} when valid. */
function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(Object.entries(fieldErrorsOf(r.error)).map(([k, v]) => [k, v[0]]));
}

const REQUIRED = 'This field is required.';
const EMAIL = 'The email must be a valid email address.';
const goodUser = { name: 'Ann', email: 'ann@x.test', phone: '0501234567', role_id: 2, team: 'Finance' };
const goodCommittee = { name: 'Audit', description: 'Audit committee', quorum: 50, admins: [1], users: [1, 2] };

describe('docs/product/errors.md#validation-rules validations', () => {
  it.each<[string, z.ZodType, unknown, Record<string, string>]>([
    // e-mail: required and valid
    ['login ok', zLoginBody, { email: 'A@X.test', password: 'x' }, {}],
    ['login email missing', zLoginBody, { password: 'x' }, { email: REQUIRED }],
    ['login email blank', zLoginBody, { email: '  ', password: 'x' }, { email: REQUIRED }],
    ['login email invalid', zLoginBody, { email: 'nope', password: 'x' }, { email: EMAIL }],
    ['login password missing', zLoginBody, { email: 'a@x.test' }, { password: REQUIRED }],
    ['forgot email invalid', zForgotPasswordBody, { email: 'a@' }, { email: EMAIL }],
    // password: ≥ 8, a capital letter and a special character; retype must match
    ['reset ok', zResetPasswordBody, { token: 't', email: 'a@x.test', password: 'Abcdefg!', password_confirmation: 'Abcdefg!' }, {}],
    ['reset short', zResetPasswordBody, { token: 't', email: 'a@x.test', password: 'Ab!', password_confirmation: 'Ab!' }, { password: 'The password must be at least 8 characters.' }],
    ['reset no capital', zResetPasswordBody, { token: 't', email: 'a@x.test', password: 'abcdefg!', password_confirmation: 'abcdefg!' }, { password: 'The password must contain at least one capital letter.' }],
    ['reset no special', zResetPasswordBody, { token: 't', email: 'a@x.test', password: 'Abcdefgh', password_confirmation: 'Abcdefgh' }, { password: 'The password must contain at least one special character.' }],
    ['reset mismatch', zResetPasswordBody, { token: 't', email: 'a@x.test', password: 'Abcdefg!', password_confirmation: 'Abcdefg?' }, { password_confirmation: 'Mismatched password' }],
    ['reset token missing', zResetPasswordBody, { email: 'a@x.test', password: 'Abcdefg!', password_confirmation: 'Abcdefg!' }, { token: REQUIRED }],
    ['change: current, new and retype required', zChangePasswordBody, {}, { current_password: REQUIRED, password: REQUIRED, password_confirmation: REQUIRED }],
    ['change mismatch', zChangePasswordBody, { current_password: 'x', password: 'Abcdefg!', password_confirmation: 'x' }, { password_confirmation: 'Mismatched password' }],
    // PIN: 5 digits, retyped
    ['pin ok', zSetPinBody, { pin: '12345', pin_confirmation: '12345' }, {}],
    ['pin 4 digits', zSetPinBody, { pin: '1234', pin_confirmation: '1234' }, { pin: 'The PIN must be 5 digits.' }],
    ['pin letters', zSetPinBody, { pin: '12a45', pin_confirmation: '12a45' }, { pin: 'The PIN must be 5 digits.' }],
    ['pin retype differs', zSetPinBody, { pin: '12345', pin_confirmation: '12346' }, { pin_confirmation: 'Mismatched PIN' }],
    ['pin retype missing', zSetPinBody, { pin: '12345' }, { pin_confirmation: REQUIRED }],
    ['pin sign-in', zPinLoginBody, { bin_code: '123', token: 'x' }, { bin_code: 'The PIN must be 5 digits.' }],
    // phone: required, digits only, at most 12; profile: name, phone, email required
    ['profile ok', zProfileBody, { name: 'A', email: 'a@x.test', phone: '123456789012' }, {}],
    ['profile required', zProfileBody, {}, { name: REQUIRED, email: REQUIRED, phone: REQUIRED }],
    ['phone digits only', zProfileBody, { name: 'A', email: 'a@x.test', phone: '+12345' }, { phone: 'The phone must contain digits only.' }],
    ['phone 13 digits', zProfileBody, { name: 'A', email: 'a@x.test', phone: '1234567890123' }, { phone: 'The phone may not be greater than 12 digits.' }],
    ['birth date invalid', zProfileBody, { name: 'A', email: 'a@x.test', phone: '1', date_of_birth: '2020-13-40' }, { date_of_birth: 'This field must be a valid date.' }],
    // user: email, phone, role, name required (team/committee is checked by the service)
    ['user ok', zUserBody, goodUser, {}],
    ['user required', zUserBody, {}, { name: REQUIRED, email: REQUIRED, phone: REQUIRED, role_id: REQUIRED }],
    ['user role blank', zUserBody, { ...goodUser, role_id: '' }, { role_id: REQUIRED }],
    ['user committees as text', zUserBody, { ...goodUser, member_committees: '1,2' }, {}],
    // role: name and users required
    ['role ok', zRoleBody, { name: 'Editors', users: [1], permissions: ['news_show', { slug: 'home_show' }] }, {}],
    ['role required', zRoleBody, { permissions: [] }, { name: REQUIRED, users: REQUIRED }],
    ['role unknown slug', zRoleBody, { name: 'X', users: [1], permissions: ['fly'] }, { 'permissions.0': 'The selected value is invalid.' }],
    // committee: name, description, admins, users required; quorum a number 5..100
    ['committee ok', zCommitteeBody, goodCommittee, {}],
    ['committee required', zCommitteeBody, {}, { name: REQUIRED, description: REQUIRED, quorum: 'The quorum must be a number.', admins: REQUIRED, users: REQUIRED }],
    ['quorum 4', zCommitteeBody, { ...goodCommittee, quorum: 4 }, { quorum: 'The quorum must be between 5% and 100%.' }],
    ['quorum 101', zCommitteeBody, { ...goodCommittee, quorum: '101' }, { quorum: 'The quorum must be between 5% and 100%.' }],
    ['quorum 5 and 100 are allowed', zCommitteeBody, { ...goodCommittee, quorum: '5' }, {}],
    ['quorum text', zCommitteeBody, { ...goodCommittee, quorum: 'half' }, { quorum: 'The quorum must be a number.' }],
    ['board same rules', zBoardBody, { ...goodCommittee, quorum: 100, description: '' }, { description: REQUIRED }],
    ['board expiration date', zBoardBody, { ...goodCommittee, expiration_date: 'soon' }, { expiration_date: 'This field must be a valid date.' }],
    // organization: company name, website, location and time zone required
    ['information ok', zInformationBody, { company_name: 'Acme', website: 'acme.test', location: 'X', time_zone: 'Asia/Riyadh' }, {}],
    ['information required', zInformationBody, {}, { company_name: REQUIRED, website: REQUIRED, location: REQUIRED, time_zone: REQUIRED }],
    ['information bad website and zone', zInformationBody, { company_name: 'A', website: 'not a site', location: 'X', time_zone: 'Mars/Base' }, { website: 'The website must be a valid URL.', time_zone: 'The time zone is invalid.' }],
    // news: title, URL, description, committee required
    ['news required', zNewsBody, {}, { title: REQUIRED, url: REQUIRED, description: REQUIRED, committee_id: REQUIRED }],
    ['news bad url', zNewsBody, { title: 'T', url: 'x', description: 'D', committee_id: 1 }, { url: 'The URL must be a valid URL.' }],
  ])('%s', (_name, schema, value, expected) => {
    expect(errors(schema, value)).toEqual(expected);
  });
});
