import { act, render, screen, waitFor } from '@testing-library/react';
import { notify } from '../api/notify';
import { changeLanguage } from '../i18n';
import { renderWithApp } from '../test/render';
import { toastText } from './ToastHost';

/** a toast's text in a right-to-left interface: the server's untranslated English isolated left to right (issue 25) */
describe('toastText', () => {
  const shown = (text: string, rtl: boolean) => {
    const { container } = render(<div>{toastText(text, rtl)}</div>);
    return container.querySelector('bdi')?.getAttribute('dir') ?? 'none';
  };
  it.each([
    ['Error in validation.', true, 'ltr'],
    ['Budget.pdf', true, 'ltr'],
    ['تم حفظ الحالة.', true, 'none'],
    ['تم رفع Budget.pdf.', true, 'none'],
    ['12 / 40', true, 'none'],
    ['Error in validation.', false, 'none'],
    ['Сохранено.', false, 'none'],
  ])('%s (rtl %s): %s', (text, rtl, dir) => expect(shown(text, rtl)).toBe(dir));
});

describe('ToastHost', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('in Arabic a message with no translation is shown isolated left to right, the translated summary as it is', async () => {
    await act(() => changeLanguage('ar'));
    renderWithApp(<div />);
    act(() => notify('error', 'خطأ في التحقق', 'The meeting is already archived.'));
    const detail = await screen.findByText('The meeting is already archived.');
    expect(detail.tagName).toBe('BDI');
    expect(detail).toHaveAttribute('dir', 'ltr');
    const summary = screen.getByText('خطأ في التحقق');
    expect(summary.tagName).not.toBe('BDI');
  });

  it('in English nothing is wrapped', async () => {
    renderWithApp(<div />);
    act(() => notify('success', 'Saved', 'The meeting is saved.'));
    await waitFor(() => expect(screen.getByText('The meeting is saved.')).toBeInTheDocument());
    expect(screen.getByText('The meeting is saved.').tagName).not.toBe('BDI');
  });
});
