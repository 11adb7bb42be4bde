import type { BookChanges } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aDecision, aMeeting, aTalkingPoint } from '../decisions/fixtures';
import { BookChangesList, useMeetingBookChanges } from '../minutes/BookChanges';
import { AgendaList } from './AgendaList';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
});

/** issue 27: each talking point shows when it is planned to start, its presenters and how many files it has */
describe('the agenda list', () => {
  const guest = { id: 42, user_id: null, user_email: 'guest@example.com', user: null };
  const meeting = aMeeting({
    agendas: [
      { agenda_type: 'talking_point', agenda_type_id: 5, row_num: 1, data: [aTalkingPoint({ planned_start: '2026-12-01 09:00:00', total_duration: 45, files_count: 1 })] },
      { agenda_type: 'talking_point', agenda_type_id: 6, row_num: 2, data: [aTalkingPoint({ id: 6, title: 'AOB', planned_start: '2026-12-01 09:45:00', total_duration: 15, files_count: 3, presenters: [guest] })] },
      { agenda_type: 'talking_point', agenda_type_id: 7, row_num: 3, data: [aTalkingPoint({ id: 7, title: 'Close', planned_start: '2026-12-01 14:00:00', presenters: [], files_count: 0 })] },
    ],
  });

  it('planned start, duration, presenters and files per item; in Arabic too', async () => {
    installFetch();
    renderWithApp(<AgendaList meeting={meeting} onOpen={jest.fn()} onChanged={jest.fn()} />);
    expect(screen.getByTestId('tp-time-5')).toHaveTextContent('Planned 09:00 AM · 45 minutes');
    expect(screen.getByTestId('tp-meta-5')).toHaveTextContent('Presenters: Grace · 1 file');
    expect(screen.getByTestId('tp-time-6')).toHaveTextContent('Planned 09:45 AM');
    expect(screen.getByTestId('tp-meta-6')).toHaveTextContent('Presenters: guest@example.com · 3 files');
    expect(screen.getByTestId('tp-time-7')).toHaveTextContent('Planned 02:00 PM');
    expect(screen.getByTestId('tp-meta-7')).toHaveTextContent(/^ ?0 files$/);
    try {
      await act(() => changeLanguage('ar'));
      expect(screen.getByTestId('tp-meta-6')).toHaveTextContent('المقدّمون: guest@example.com');
      expect(screen.getByTestId('tp-time-7')).toHaveTextContent('الموعد المقرر 02:00 م');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

/** issue 29: the agenda list marks the items the board book card marks, from the same answer */
describe('the agenda list: what changed in the board book', () => {
  const none = { library_id: null, name: null, version: null, from_version: null, old_title: null };
  const sub = { id: 60, sub_id: 60, subpoint_id: 60, meeting_talking_point_id: 5, title: 'Reserve', description: null, duration: 10, presenter: null, subpoint_viewers: [], attachments: [], decision: [], comments: [], rownum: 1 };
  const meeting = aMeeting({
    id: 7,
    agendas: [
      { agenda_type: 'talking_point', agenda_type_id: 5, row_num: 1, data: [aTalkingPoint({ subpoints: [sub], decisions: [aDecision({ id: 12, title: 'Approve the reserve' })] })] },
      { agenda_type: 'talking_point', agenda_type_id: 6, row_num: 2, data: [aTalkingPoint({ id: 6, title: 'Audit' })] },
      { agenda_type: 'decision', agenda_type_id: 11, row_num: 3, data: [aDecision({ id: 11 })] },
      { agenda_type: 'talking_point', agenda_type_id: 8, row_num: 4, data: [aTalkingPoint({ id: 8, title: 'Venue' })] },
    ],
  });
  const answer = (since: BookChanges['since'] = 'opened'): BookChanges => ({
    meeting_id: 7, book_library_id: 91, since_library_id: 90, since,
    items: [
      { key: 'tp:5', title: '1. Budget', status: 'unchanged', changes: [] },
      { key: 'sp:60', title: '1.1 Reserve', status: 'changed', changes: [{ ...none, kind: 'new_version', library_id: 31, name: 'reserve.pdf', version: 2, from_version: 1 }] },
      { key: 'd:12', title: 'Approve the reserve', status: 'new', changes: [{ ...none, kind: 'file_added', library_id: 32, name: 'terms.pdf', version: 1 }] },
      { key: 'tp:6', title: '2. Audit', status: 'changed', changes: [{ ...none, kind: 'new_version', library_id: 11, name: 'audit.pdf', version: 2, from_version: 1 }] },
      { key: 'd:11', title: 'Approve the budget', status: 'unchanged', changes: [] },
      { key: 'tp:8', title: '3. Venue', status: 'new', changes: [{ ...none, kind: 'file_added', library_id: 12, name: 'venue.pdf', version: 1 }] },
      { key: 'tp:4', title: '3. People', status: 'removed', changes: [{ ...none, kind: 'file_removed', library_id: 13, name: 'people.pdf', from_version: 1 }] },
    ],
  });
  const marks = () => screen.queryAllByTestId(/^agenda-mark-/).map((n) => `${n.getAttribute('data-testid')}=${n.getAttribute('data-mark')}`);

  it.each<[string, BookChanges | null, string[]]>([
    ['changed since the reader opened the book, new, removed: each card, sub-point and resolution inside a talking point its mark, the others after the list', answer('opened'), [
      'agenda-mark-sp:60=changed-opened', 'agenda-mark-d:12=new', 'agenda-mark-tp:6=changed-opened', 'agenda-mark-tp:8=new', 'agenda-mark-tp:4=removed',
    ]],
    ['never opened: changed since the previous publication', answer('previous'), [
      'agenda-mark-sp:60=changed-previous', 'agenda-mark-d:12=new', 'agenda-mark-tp:6=changed-previous', 'agenda-mark-tp:8=new', 'agenda-mark-tp:4=removed',
    ]],
    ['nothing to compare with: no marks', answer(null), []],
    ['no answer (a guest, no book): no marks', null, []],
  ])('%s', (_name, bookChanges, expected) => {
    installFetch();
    renderWithApp(<AgendaList meeting={meeting} onOpen={jest.fn()} onChanged={jest.fn()} bookChanges={bookChanges} />);
    expect(marks()).toEqual(expected);
    if (!expected.length) expect(screen.queryByTestId('agenda-book-marks')).toBeNull();
  });

  it('the marks are on the cards they belong to, with the texts of the book card; in Arabic too', async () => {
    installFetch();
    renderWithApp(<AgendaList meeting={meeting} onOpen={jest.fn()} onChanged={jest.fn()} bookChanges={answer()} />);
    expect(within(screen.getByTestId('open-talking_point:6')).getByTestId('agenda-mark-tp:6')).toHaveTextContent('Changed since you last opened');
    expect(within(screen.getByTestId('open-talking_point:5')).getByTestId('agenda-mark-sp:60')).toHaveTextContent('Changed since you last opened');
    expect(within(screen.getByTestId('open-talking_point:8')).getByTestId('agenda-mark-tp:8')).toHaveTextContent('New');
    expect(screen.queryByTestId('agenda-mark-tp:5')).toBeNull();
    expect(screen.queryByTestId('agenda-mark-d:11')).toBeNull();
    const others = screen.getByTestId('agenda-book-marks');
    expect(within(others).getByRole('heading', { name: 'What changed in the book' })).toBeInTheDocument();
    expect(within(others).getByTestId('agenda-book-mark-tp:4')).toHaveTextContent('3. People');
    expect(within(others).getByTestId('agenda-mark-tp:4')).toHaveTextContent('Removed');
    // a resolution inside a talking point: on its line of the talking point's card, not after the list
    expect(within(screen.getByTestId('open-talking_point:5')).getByTestId('agenda-mark-d:12')).toHaveTextContent('New');
    expect(document.getElementById('_decision-12')).toHaveTextContent('Resolution: Approve the reserve New');
    expect(within(others).queryByTestId('agenda-book-mark-d:12')).toBeNull();
    try {
      await act(() => changeLanguage('ar'));
      expect(screen.getByTestId('agenda-mark-tp:6')).toHaveTextContent('تغيّر منذ آخر فتح لك');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('one answer for the book card and the agenda list: one request, the same marks; a new book asks again for both', async () => {
    let reply = answer();
    const calls = installFetch(on('GET', '/api/meetings/7/book/changes', () => jsonResponse(200, { success: true, data: reply })));
    function Page() {
      const [revision, setRevision] = useState<number | null>(null);
      const c = useMeetingBookChanges(7);
      return (
        <>
          <button type="button" onClick={() => setRevision(92)}>new book</button>
          <BookChangesList meetingId={7} revision={revision} />
          <AgendaList meeting={meeting} onOpen={jest.fn()} onChanged={jest.fn()} bookChanges={c.data} />
        </>
      );
    }
    renderWithApp(<Page />);
    await screen.findByTestId('agenda-mark-tp:6');
    expect(calls.filter((c) => c.url.includes('/book/changes'))).toHaveLength(1);
    const card = screen.getByTestId('book-changes');
    const cardKeys = within(card).queryAllByTestId(/^book-change-mark-/).map((n) => n.getAttribute('data-testid')!.replace('book-change-mark-', ''));
    expect(marks().map((m) => m.replace(/^agenda-mark-/, '').replace(/=.*/, '')).sort()).toEqual([...cardKeys].sort());
    // the card's book is made again (a new library id): the answer is asked again, and both follow it
    reply = { ...answer(), book_library_id: 92, items: [{ key: 'tp:6', title: '2. Audit', status: 'unchanged', changes: [] }] };
    fireEvent.click(screen.getByRole('button', { name: 'new book' }));
    await waitFor(() => expect(screen.queryByTestId('agenda-mark-tp:6')).toBeNull());
    expect(screen.queryByTestId('book-changes')).toBeNull();
    expect(calls.filter((c) => c.url.includes('/book/changes'))).toHaveLength(2);
  });
});
