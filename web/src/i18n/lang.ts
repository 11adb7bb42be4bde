import { parseLang, type Lang } from '@app/contracts';

/**
 * The current language, readable without React (the request layer's Lang header). i18n/index.ts
 * keeps it in step with i18next; it is persisted in the locally stored theme (docs/product/overview.md#languages-and-theme).
 */
let current: Lang = 'en';

export function currentLang(): Lang {
  return current;
}
export function setCurrentLang(lang: string): Lang {
  current = parseLang(lang);
  return current;
}
/** ar is right-to-left; en, fr and ru are left-to-right (docs/product/overview.md#formats-and-limits). */
export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}
/** Dates: Russian dates use English (docs/product/overview.md#formats-and-limits); fr shows English texts. */
export function dateLocaleOf(lang: Lang): string {
  return lang === 'ar' ? 'ar' : 'en';
}
