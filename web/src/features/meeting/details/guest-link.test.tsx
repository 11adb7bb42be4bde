import { screen } from '@testing-library/react';
import type { MemberPayload } from '@app/contracts';
import { ApiError } from '../../../api/client';
import { installFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { LinkExpired } from '../../guest/LinkExpired';
import { GuestLinkState } from './Participants';

const guest = (link: MemberPayload['guest_link']): MemberPayload => ({
  id: 9, member_id: 9, meeting_id: 1, user_id: null, user: null, user_email: 'visitor@example.test', guest_name: 'Vera Visitor', guest_title: null, organization_guest: 0,
  type: 'Viewer', member_type: null, can_edit: 0, is_owner: false, attendance_status: 'Pending', status_reason: null, reason: null, nda_accepted: false, meeting_role: null, roll_call: null,
  can_change_type: true, can_remove: true, can_change_attendance: false, guest_link: link,
});

describe("a guest's link in the participants drawer (what the API says)", () => {
  beforeEach(() => installFetch());

  it.each([
    ['live', { state: 'live', expires_at: '2030-07-01 09:30:00', can_revoke: true }, 'Link works until 01 Jul 2030 09:30 AM'],
    ['expired', { state: 'expired', expires_at: '2030-06-01 18:00:00', can_revoke: true }, 'Link expired on 01 Jun 2030 06:00 PM'],
    ['ended', { state: 'ended', expires_at: null, can_revoke: true }, 'Link ended with the meeting'],
    ['revoked', { state: 'revoked', expires_at: null, can_revoke: false }, 'Link revoked'],
  ] as const)('%s', async (state, link, text) => {
    renderWithApp(<GuestLinkState member={guest(link)} />);
    const el = await screen.findByTestId('guest-link-9');
    expect(el).toHaveTextContent(text);
    expect(el).toHaveAttribute('data-state', state);
  });

  it('nothing for a user, or for someone who does not manage the links (guest_link null)', () => {
    renderWithApp(<GuestLinkState member={guest(null)} />);
    expect(screen.queryByTestId('guest-link-9')).toBeNull();
  });
});

describe('the guest page of a link that ended', () => {
  beforeEach(() => installFetch());

  it('revoked: says it was revoked (the 410 code GUEST_LINK_REVOKED)', async () => {
    renderWithApp(<LinkExpired error={new ApiError(410, 'This link has been revoked.', { body: { success: false, code: 'GUEST_LINK_REVOKED', message: 'This link has been revoked.' } })} />);
    expect(await screen.findByTestId('guest-link-revoked')).toHaveTextContent('This link has been revoked');
  });

  it('expired: says it has expired', async () => {
    renderWithApp(<LinkExpired error={new ApiError(410, 'This link has expired.', { body: { success: false, code: 'GUEST_LINK_EXPIRED', message: 'This link has expired.' } })} />);
    expect(await screen.findByTestId('guest-link-expired')).toHaveTextContent('This link has expired');
  });
});
