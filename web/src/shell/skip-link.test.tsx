import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { Providers } from '../App';
import { MAIN_ID, SkipLink, useRouteFocus } from './SkipLink';

/** a shell as AppShell lays it out: the skip link first, a menu link, then the main content with the page's heading */
function Shell() {
  useRouteFocus();
  const navigate = useNavigate();
  return (
    <>
      <SkipLink />
      <nav>
        <button type="button" data-testid="menu-link" onClick={() => navigate('/meetings')}>
          Meetings
        </button>
      </nav>
      <main id={MAIN_ID}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/meetings" element={<h1>Meetings</h1>} />
        </Routes>
      </main>
    </>
  );
}

const renderShell = () =>
  render(
    <Providers>
      <MemoryRouter initialEntries={['/']}>
        <Shell />
      </MemoryRouter>
    </Providers>,
  );

describe('skip link and the focus after a page change (issue 25: 22 Tabs to reach a meeting; the focus stayed on the body)', () => {
  it('the skip link is named, points at the main content, and moves the focus to its heading', () => {
    renderShell();
    const link = screen.getByTestId('skip-link');
    expect(link).toHaveTextContent('Skip to main content');
    expect(link).toHaveAttribute('href', `#${MAIN_ID}`);
    // the first page of a visit keeps the focus where the browser puts it
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Home' }));
  });

  it('following a link moves the focus to the new page heading', async () => {
    renderShell();
    const menu = screen.getByTestId('menu-link');
    menu.focus();
    act(() => menu.click());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Meetings' })));
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });
});
