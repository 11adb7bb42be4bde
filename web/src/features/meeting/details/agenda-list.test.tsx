import { act, screen } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting, aTalkingPoint } from '../decisions/fixtures';
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
