import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGS, parseLang, translate, type Lang } from '@app/contracts';
import { getTheme, setTheme } from '../lib/theme';
import { dirOf, setCurrentLang } from './lang';
import { NAMESPACES, resources } from './resources';

/**
 * i18next with one namespace per feature (web/src/locales/<lng>/<feature>.json). fr shows the
 * English texts; ar switches the document to right-to-left. Keys are flat strings.
 */
export const i18n: I18n = i18next.createInstance();

function applyDocument(lang: Lang): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

export function initI18n(lng?: string): I18n {
  const lang = parseLang(lng ?? getTheme().locale);
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      resources,
      lng: lang,
      fallbackLng: 'en',
      supportedLngs: [...LANGS],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    i18n.on('languageChanged', (l) => {
      const next = setCurrentLang(l);
      applyDocument(next);
    });
  }
  setCurrentLang(lang);
  applyDocument(lang);
  return i18n;
}

export async function changeLanguage(lng: string): Promise<void> {
  const lang = parseLang(lng);
  setTheme({ locale: lang, direction: dirOf(lang) });
  await i18n.changeLanguage(lang);
}

/**
 * Validation and server catalogue messages are English sentences: this namespace first, then the
 * shared tables of @app/contracts (the same texts the gateway sends), then the English text itself.
 */
export function translateMessage(message: string, lang: string = i18n.language): string {
  const l = parseLang(lang);
  return i18n.t(message, { ns: 'validation', lng: l, defaultValue: translate(message, l) });
}

export function useMessage(): (message: string | null | undefined) => string {
  const { i18n: inst } = useTranslation();
  return (message) => (message ? translateMessage(message, inst.language) : '');
}
