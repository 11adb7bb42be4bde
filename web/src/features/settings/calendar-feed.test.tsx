import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Routes } from '@app/contracts';
import { SWRConfig } from 'swr';
import { Providers } from '../../App';
import { registerNavigator } from '../../api/navigation';
import { onNotify, type Notice } from '../../api/notify';
import { session } from '../../api/session';
import { answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { CalendarFeedCard, feedUrl } from './CalendarFeedCard';
import { IntegrationsPage } from './IntegrationsPage';

const TOKEN_A = 'A'.repeat(32);
const TOKEN_B = 'B'.repeat(32);
const feed = (token: string | null) => ({ path: token ? `/api/calendar-feed/${token}.ics` : null, created_at: token ? '2026-11-24T00:00:00.000Z' : null });

let notices: Notice[];
let stop: () => void = () => undefined;
afterEach(() => stop());
beforeEach(() => {
  window.localStorage.clear();
  window.history.pushState({}, '', '/app/settings/integrations');
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  registerNavigator(jest.fn());
  notices = [];
  stop = onNotify((n) => notices.push(n));
});

const renderCard = () =>
  render(
    <Providers>
      {/* a cache of its own per test: each test answers the address differently */}
      <SWRConfig value={{ provider: () => new Map() }}>
        <CalendarFeedCard />
      </SWRConfig>
    </Providers>,
  );

describe('calendar address card', () => {
  it.each([
    ['/api/calendar-feed/x.ics', 'https://acme.example', 'https://acme.example/api/calendar-feed/x.ics'],
    ['/api/calendar-feed/x.ics', 'http://acme.localhost:3000', 'http://acme.localhost:3000/api/calendar-feed/x.ics'],
  ])('the address of %s on %s', (path, origin, expected) => expect(feedUrl(path, origin)).toBe(expected));

  it('shows the full address, copies it, and a new address replaces it after confirmation', async () => {
    let current = TOKEN_A;
    let resets = 0;
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    installFetch(
      on('GET', '/api/integrations/calendars/feed', () => jsonResponse(200, answerOf(Routes.calendarFeed, feed(current)))),
      on('POST', '/api/integrations/calendars/feed', () => {
        resets++;
        current = TOKEN_B;
        return jsonResponse(200, answerOf(Routes.resetCalendarFeed, feed(current)));
      }),
    );
    renderCard();
    const input = (await screen.findByTestId('calendar-feed-url')) as HTMLInputElement;
    expect(input.value).toBe(`${window.location.origin}/api/calendar-feed/${TOKEN_A}.ics`);
    fireEvent.click(screen.getByTestId('calendar-feed-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/calendar-feed/${TOKEN_A}.ics`));
    fireEvent.click(screen.getByTestId('calendar-feed-regenerate'));
    fireEvent.click(await screen.findByRole('button', { name: /yes|accept|ok|confirm/i }));
    await waitFor(() => expect((screen.getByTestId('calendar-feed-url') as HTMLInputElement).value).toContain(TOKEN_B));
    expect(resets).toBe(1);
    expect(notices.map((n) => n.summary)).toContain('A new address was made; the old one no longer works.');
  });

  it('the integrations page lists the iCal feed once, as the address card, not again as "iCal feed – Not connected"', async () => {
    installFetch(
      on('GET', '/api/integrations/calendars/feed', () => jsonResponse(200, answerOf(Routes.calendarFeed, feed(TOKEN_A)))),
      on('GET', '/api/integrations/calendars', () =>
        jsonResponse(200, answerOf(Routes.calendarIntegrations, [
          { key: 'google', name: 'Google Calendar', connected: false, url: null },
          { key: 'ical', name: 'iCal feed', connected: false, url: null },
        ]))),
    );
    render(
      <Providers>
        <SWRConfig value={{ provider: () => new Map() }}>
          <IntegrationsPage />
        </SWRConfig>
      </Providers>,
    );
    expect(await screen.findByTestId('integration-google')).toHaveTextContent('Google Calendar');
    expect(await screen.findByTestId('calendar-feed-url')).toBeInTheDocument();
    expect(screen.queryByTestId('integration-ical')).toBeNull();
    expect(screen.getByTestId('integrations-page')).not.toHaveTextContent('iCal feed');
  });

  it('turned off: says so and offers to make one', async () => {
    installFetch(on('GET', '/api/integrations/calendars/feed', () => jsonResponse(200, answerOf(Routes.calendarFeed, feed(null)))));
    renderCard();
    expect(await screen.findByTestId('calendar-feed-none')).toHaveTextContent('No calendar address');
    expect(screen.getByTestId('calendar-feed-on')).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-feed-url')).toBeNull();
  });
});
