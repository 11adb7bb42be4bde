import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from './api/session';
import { TOUR_SEEN_KEY } from './lib/theme';
import { renderApp, profileBody, setDesktop } from './test/app';
import { anInformation } from './test/contract-fixtures';
import { installFetch, jsonResponse, on, orgPublic } from './test/fetch';

const ALL = ['home_show', 'calendar_show', 'news_show', 'actions_show', 'library_show', 'organization_information'];

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(TOUR_SEEN_KEY, '1');
  window.history.pushState({}, '', '/');
  setDesktop(true);
});

const location = () => screen.getByTestId('location').textContent;

function signedIn(permissions = ALL, na: string[] = []) {
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  return installFetch(orgPublic({ na }), on('GET', '/api/profile', () => jsonResponse(200, profileBody(permissions))));
}

describe('routes (docs/product/overview.md#screens-and-routes)', () => {
  it('/ without a token ends on the login page', async () => {
    installFetch(orgPublic());
    renderApp('/');
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
    expect(location()).toBe('/auth/login');
  });

  it('bare /auth redirects to login', async () => {
    installFetch(orgPublic());
    renderApp('/auth');
    await waitFor(() => expect(location()).toBe('/auth/login'));
  });

  it('/app goes to /app/dashboards and on to home', async () => {
    signedIn();
    renderApp('/app');
    expect(await screen.findByTestId('home-page')).toBeInTheDocument();
    expect(location()).toBe('/app/dashboards/home');
  });

  it("/app goes to /app/activity/approvals when 'home' is a disabled module", async () => {
    signedIn(ALL, ['home']);
    renderApp('/app');
    expect(await screen.findByTestId('approvals-page')).toBeInTheDocument();
    expect(location()).toBe('/app/activity/approvals');
  });

  it("a path containing a disabled module's name goes to /404", async () => {
    signedIn(ALL, ['news', 'calendar.rating']);
    renderApp('/app/dashboards/news');
    expect(await screen.findByTestId('error-404')).toBeInTheDocument();
    expect(location()).toBe('/404');
  });

  it('a module disabled with a dot does not close routes', async () => {
    signedIn(ALL, ['news.comments']);
    renderApp('/app/dashboards/news');
    await waitFor(() => expect(location()).toBe('/app/dashboards/news'));
  });

  it('an unknown path goes to /404', async () => {
    installFetch(orgPublic());
    renderApp('/no/such/page');
    expect(await screen.findByTestId('error-404')).toBeInTheDocument();
  });

  it.each([404, 409])('organization modules failing with %i go to /409', async (status) => {
    installFetch(on('GET', '/api/', () => jsonResponse(status, { success: false, message: 'Invalid Organization URL' })));
    renderApp('/auth/login');
    expect(await screen.findByTestId('error-409')).toBeInTheDocument();
  });

  it('/app without a token goes to login, keeping the page for after sign-in (?next=)', async () => {
    installFetch(orgPublic());
    renderApp('/app/settings/profile');
    await waitFor(() => expect(location()).toBe('/auth/login?next=%2Fapp%2Fsettings%2Fprofile'));
  });

  it('/app after 60 idle minutes clears the login and goes to login', async () => {
    signedIn();
    window.localStorage.setItem('auth_last_request_at', String(Date.now() - 61 * 60 * 1000));
    renderApp('/app/dashboards/home');
    await waitFor(() => expect(location()).toBe('/auth/login?next=%2Fapp%2Fdashboards%2Fhome'));
    expect(session.token()).toBeNull();
  });

  it('the meeting list tells the truth when there are none', async () => {
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    installFetch(
      orgPublic(),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(ALL))),
      on('GET', '/api/meetings', () => jsonResponse(200, { success: true, data: [], meta: { page: 1, per_page: 10, total: 0, last_page: 1 } })),
    );
    renderApp('/app/activity/meetings');
    expect(await screen.findByText('No meetings yet')).toBeInTheDocument();
  });
});

describe('organization settings follow the permission slugs', () => {
  it('tabs and screens need their slug; the API says whether the information is editable', async () => {
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    installFetch(
      orgPublic(),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(['organization_information']))),
      on('GET', '/api/information', () => jsonResponse(200, { success: true, data: anInformation({ can_edit: false }) })),
    );
    renderApp('/app/settings/organization');
    expect(await screen.findByTestId('information-form')).toBeInTheDocument();
    expect(screen.queryByTestId('information-submit')).toBeNull();
    expect(screen.getByTestId('org-tab-committees')).toBeInTheDocument();
    for (const tab of ['users', 'roles', 'logs']) expect(screen.queryByTestId(`org-tab-${tab}`)).toBeNull();
  });

  it('a screen without its slug says so and does not call the API', async () => {
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    const calls = installFetch(orgPublic(), on('GET', '/api/profile', () => jsonResponse(200, profileBody(['organization_information']))));
    renderApp('/app/settings/organization/users');
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/users'))).toBe(false);
    expect(session.token()).toBe('tok');
  });

  it('an administrator (is_admin) sees every tab', async () => {
    session.signIn({ token: 'tok', email: 'ada@example.com' });
    installFetch(
      orgPublic(),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([], { is_admin: true }))),
      on('GET', '/api/information', () => jsonResponse(200, { success: true, data: anInformation({ can_edit: true }) })),
    );
    renderApp('/app/settings/organization/information');
    expect(await screen.findByTestId('information-submit')).toBeInTheDocument();
    for (const tab of ['information', 'users', 'roles', 'committees', 'boards', 'logs']) expect(screen.getByTestId(`org-tab-${tab}`)).toBeInTheDocument();
  });
});

describe('shell', () => {
  it('side menu follows the permission slugs of the profile', async () => {
    signedIn(['home_show', 'calendar_show']);
    renderApp('/app/dashboards/home');
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() => expect(within(menu).getByTestId('menu-calendar')).toBeInTheDocument());
    for (const key of ['home', 'calendar', 'meetings', 'approvals', 'decisions', 'profile', 'integrations']) expect(within(menu).getByTestId(`menu-${key}`)).toBeInTheDocument();
    for (const key of ['news', 'actionTracker', 'library', 'organization']) expect(within(menu).queryByTestId(`menu-${key}`)).toBeNull();
  });

  it('side menu hides disabled modules', async () => {
    signedIn(ALL, ['library', 'calendar']);
    renderApp('/app/dashboards/home');
    const menu = await screen.findByTestId('side-menu');
    await waitFor(() => expect(within(menu).getByTestId('menu-news')).toBeInTheDocument());
    expect(within(menu).queryByTestId('menu-library')).toBeNull();
    expect(within(menu).queryByTestId('menu-calendar')).toBeNull();
  });

  it('below lg the menu is a drawer opened from the header', async () => {
    setDesktop(false);
    signedIn();
    renderApp('/app/dashboards/home');
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(await screen.findByTestId('side-menu')).toBeInTheDocument();
  });

  it('breadcrumbs come from the path', async () => {
    signedIn();
    renderApp('/app/settings/organization/users');
    const crumbs = await screen.findByTestId('breadcrumbs');
    expect(crumbs).toHaveTextContent('Settings');
    expect(crumbs).toHaveTextContent('Organization');
    expect(crumbs).toHaveTextContent('Users');
  });

  it('guest pages have the header only and sign the current user out', async () => {
    signedIn();
    window.history.pushState({}, '', '/approval/7?token=guest');
    renderApp('/approval/7?token=guest');
    expect(await screen.findByTestId('guest-approval')).toBeInTheDocument();
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
    await waitFor(() => expect(session.token()).toBeNull());
  });

  it('the tour shows once and can be shown again', async () => {
    window.localStorage.removeItem(TOUR_SEEN_KEY);
    signedIn();
    const first = renderApp('/app/dashboards/home');
    expect(await screen.findByTestId('tour')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tour-skip'));
    await waitFor(() => expect(screen.queryByTestId('tour')).toBeNull());
    expect(window.localStorage.getItem(TOUR_SEEN_KEY)).toBe('1');
    first.unmount();

    renderApp('/app/dashboards/home');
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('tour')).toBeNull();
    fireEvent.click(screen.getByTestId('tour-toggle'));
    fireEvent.click((await screen.findByTestId('tour-start')));
    expect(await screen.findByTestId('tour')).toBeInTheDocument();
    expect(screen.getByTestId('manual-download')).toHaveAttribute('href', '/manual-en.pdf');
  });

  it('sign-out ends the server session, clears the stored login and goes to login', async () => {
    const calls = signedIn();
    renderApp('/app/dashboards/home');
    await screen.findByTestId('home-page');
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    fireEvent.click((await screen.findByTestId('sign-out')));
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(session.token()).toBeNull();
    const logout = calls.find((c) => c.path === '/api/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.token).toBe('tok');
  });
});
