import { initI18n, i18n } from '../i18n';

/** Tests run in English. */
export function setupI18nForTests(): void {
  initI18n('en');
  void i18n.changeLanguage('en');
}
