import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, orgPublic } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { ModulesCard } from './ModulesCard';

const status = (over: Record<string, unknown> = {}) => ({
  na: [], approval_mode: 'old', nda: 0, compress: 0, mom: 0, mom_secretary_signs: 0, meeting_reminder_minutes: 1440, variant: 'default', m: [], r: [],
  currentOrg: { id: '00000000-0000-4000-8000-000000000001', slug: 'demo', name: 'Demo', logo: null, time_zone: 'UTC', variant: 'default' },
  ...over,
});

describe('organization modules card', () => {
  beforeEach(() => session.signIn({ token: 'tok', email: 'admin@example.com' }));
  afterEach(() => session.clear());

  it('shows the stored switches and the signing mode', async () => {
    installFetch(orgPublic(), on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status({ mom: 1, approval_mode: 'new' }) })));
    renderWithApp(<ModulesCard />);
    const nda = await screen.findByTestId('module-nda-switch');
    expect(nda.querySelector('input')).not.toBeChecked();
    expect(screen.getByTestId('module-mom-switch').querySelector('input')).toBeChecked();
    expect(screen.getByTestId('module-compress-switch').querySelector('input')).not.toBeChecked();
    expect(screen.getByTestId('module-approval_mode')).toHaveTextContent('Signing mode');
    expect(screen.getByRole('button', { name: 'Placed boxes', pressed: true })).toBeInTheDocument();
    expect(screen.getByText('Confidentiality agreement (NDA)')).toBeInTheDocument();
  });

  it('turning a switch on sends only that module to PUT /api/status and shows the answer', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status() })),
      on('PUT', '/api/status', (c) => jsonResponse(200, { success: true, message: 'Status updated successfully', data: status(c.body as Record<string, unknown>) })),
    );
    renderWithApp(<ModulesCard />);
    fireEvent.click((await screen.findByTestId('module-nda-switch')).querySelector('input')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ nda: 1 });
    await waitFor(() => expect(screen.getByTestId('module-nda-switch').querySelector('input')).toBeChecked());
  });

  it('choosing the other signing mode sends approval_mode', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status() })),
      on('PUT', '/api/status', (c) => jsonResponse(200, { success: true, message: 'Status updated successfully', data: status(c.body as Record<string, unknown>) })),
    );
    renderWithApp(<ModulesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Placed boxes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ approval_mode: 'new' });
  });

  it('the secretary signs the minutes: a switch of its own, sent as 0 or 1 exactly', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status() })),
      on('PUT', '/api/status', (c) => jsonResponse(200, { success: true, message: 'Status updated successfully', data: status(c.body as Record<string, unknown>) })),
    );
    renderWithApp(<ModulesCard />);
    const sw = await screen.findByTestId('module-mom_secretary_signs-switch');
    expect(screen.getByText('The secretary signs the minutes')).toBeInTheDocument();
    expect(sw.querySelector('input')).not.toBeChecked();
    fireEvent.click(sw.querySelector('input')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ mom_secretary_signs: 1 });
    await waitFor(() => expect(screen.getByTestId('module-mom_secretary_signs-switch').querySelector('input')).toBeChecked());
  });
  it('the meeting reminder: a day before by default; choosing another lead sends meeting_reminder_minutes as a number', async () => {
    const calls = installFetch(
      orgPublic(),
      on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status() })),
      on('PUT', '/api/status', (c) => jsonResponse(200, { success: true, message: 'Status updated successfully', data: status(c.body as Record<string, unknown>) })),
    );
    renderWithApp(<ModulesCard />);
    const select = await screen.findByTestId('module-meeting_reminder_minutes-select');
    expect(select).toHaveTextContent('1 day before');
    expect(screen.getByLabelText('Meeting reminder')).toBeInTheDocument();
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '2 hours before', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ meeting_reminder_minutes: 120 });
    await waitFor(() => expect(screen.getByTestId('module-meeting_reminder_minutes-select')).toHaveTextContent('2 hours before'));
  });

  it('a stored lead that is not offered is shown as it is; 0 reads as no reminder', async () => {
    installFetch(orgPublic(), on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status({ meeting_reminder_minutes: 45 }) })));
    const { unmount } = renderWithApp(<ModulesCard />);
    expect(await screen.findByTestId('module-meeting_reminder_minutes-select')).toHaveTextContent('45 minutes before');
    unmount();
    installFetch(orgPublic(), on('GET', '/api/status', () => jsonResponse(200, { success: true, data: status({ meeting_reminder_minutes: 0 }) })));
    renderWithApp(<ModulesCard />);
    expect(await screen.findByTestId('module-meeting_reminder_minutes-select')).toHaveTextContent('No reminder');
  });
});
