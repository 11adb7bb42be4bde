import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../App';
import { formatDate, formatDateTime } from '../lib/dates';
import { getTheme } from '../lib/theme';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';
import { changeLanguage, i18n, translateMessage } from '.';
import { resources } from './resources';

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('languages (docs/product/overview.md#formats-and-limits)', () => {
  it('Arabic is right-to-left on <html>; English is left-to-right', async () => {
    await act(() => changeLanguage('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(getTheme()).toMatchObject({ locale: 'ar', direction: 'rtl' });
    await act(() => changeLanguage('en'));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('French shows the English texts, Russian its own', async () => {
    expect(resources.fr).toBe(resources.en);
    await act(() => changeLanguage('fr'));
    expect(i18n.t('login.title', { ns: 'auth' })).toBe('Sign in');
    await act(() => changeLanguage('ru'));
    expect(i18n.t('login.title', { ns: 'auth' })).toBe('Вход');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('Russian dates use English names; Arabic dates Arabic ones', () => {
    expect(formatDate('2025-03-07 14:05:00', 'ru')).toBe('07 Mar 2025');
    expect(formatDateTime('2025-03-07 14:05:00', 'ru')).toBe('07 Mar 2025 02:05 PM');
    expect(formatDate('2025-03-07 14:05:00', 'ar')).not.toContain('Mar');
    // the day period in the language: ص / م in Arabic, AM / PM in the others
    expect(formatDateTime('2025-03-07 14:05:00', 'ar')).toMatch(/ 02:05 م$/);
    expect(formatDateTime('2025-03-07 09:05:00', 'ar')).toMatch(/ 09:05 ص$/);
    expect(formatDateTime('2025-03-07 09:05:00', 'fr')).toBe('07 Mar 2025 09:05 AM');
  });

  it('validation and catalogue messages come in the language (shared tables of @app/contracts)', () => {
    expect(translateMessage('This field is required.', 'ar')).toBe('هذا الحقل مطلوب.');
    expect(translateMessage('Mismatched password', 'ru')).toBe('Пароли не совпадают');
    expect(translateMessage('Please wait until all media are uploaded', 'ru')).toBe('Дождитесь окончания загрузки всех файлов');
    expect(translateMessage('This field is required.', 'fr')).toBe('This field is required.');
  });

  it('plural forms per language', async () => {
    expect(i18n.t('resultsFound', { ns: 'logs', count: 1 })).toBe('1 result found');
    await act(() => changeLanguage('ru'));
    expect(i18n.t('resultsFound', { ns: 'logs', count: 5 })).toBe('Найдено 5 результатов');
    expect(i18n.t('more', { ns: 'roles', count: 2 })).toBe('+2 ещё');
  });

  it('the header switcher changes the language', async () => {
    render(
      <Providers>
        <MemoryRouter>
          <LanguageSwitcher />
        </MemoryRouter>
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByTestId('language-option-ar'));
    await screen.findByText('AR');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
