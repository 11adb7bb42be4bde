import { ApiError } from '../../../api/client';
import { aMeeting, aMember } from './fixtures';
import { ALL_FIELDS_REQUIRED, keyToRef, meetingPeople, personKey, saveErrorMessage, shortEmail } from './people';

describe('save failure banner (server message, else All fields are required for a bare 409, else the error text)', () => {
  it.each([
    ['server message', new ApiError(409, 'Error in validation', { serverMessage: 'Voting is closed for this decision.' }), 'Voting is closed for this decision.'],
    ['bare 409', new ApiError(409, 'Error in validation'), ALL_FIELDS_REQUIRED],
    ['403 without message', new ApiError(403, 'Authentication Fail'), 'Authentication Fail'],
    ['500 without message', new ApiError(500, 'Internal Server Error'), 'Internal Server Error'],
    ['a plain error', new Error('boom'), 'boom'],
  ])('%s', (_name, err, text) => {
    expect(saveErrorMessage(err)).toBe(text);
  });
});

describe('people of a meeting', () => {
  it.each([
    ['a.very.long.guest.address@example.com', 'a.very.long.guest.addr..'],
    ['short@example.com', 'short@example.com'],
    ['exactly22chars@abc.com', 'exactly22chars@abc.com'],
  ])('guest e-mail %s reads %s', (email, shown) => {
    expect(shortEmail(email)).toBe(shown);
  });

  it('members and guests once each, keyed by user id or e-mail, and sent as the contract person reference', () => {
    const people = meetingPeople(aMeeting({ members: [aMember(2, 'Grace'), aMember(2, 'Grace')], guest_member: [aMember(9, null)] }));
    expect(people.map((p) => [p.value, p.label, p.guest])).toEqual([
      ['u:2', 'Grace', false],
      ['e:guest9@example.com', 'guest9@example.com', true],
    ]);
    expect(people.map((p) => keyToRef(p.value))).toEqual([{ user_id: 2 }, { user_email: 'guest9@example.com' }]);
    expect(personKey({ user_id: null, user_email: null })).toBeNull();
  });
});
