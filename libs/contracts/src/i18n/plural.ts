import type { Lang } from '../core/common';
import { interpolate } from '../core/errors';

/**
 * Messages with a count. Each language has its own plural categories (CLDR, read through `Intl.PluralRules`):
 * English one/other, Russian one/few/many/other, Arabic zero/one/two/few/many/other. A plural message is keyed by
 * its English `other` form (like `translate`'s keys) and gives one text per category of each language; `{count}`
 * is filled with the number. fr answers with the English texts (as `translate` does), so it also takes the English
 * categories: "1 vote", "0 votes".
 */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };
type PluralLang = 'en' | 'ar' | 'ru';

const tables: Record<PluralLang, Record<string, PluralForms>> = { en: {}, ar: {}, ru: {} };
const rules = new Map<PluralLang, Intl.PluralRules>();

function ruleLang(lang: Lang): PluralLang {
  return lang === 'ar' || lang === 'ru' ? lang : 'en';
}

/** the category of a count in a language (fr: the English one, its texts being English) */
export function pluralCategory(lang: Lang, count: number): PluralCategory {
  const l = ruleLang(lang);
  let r = rules.get(l);
  if (!r) rules.set(l, (r = new Intl.PluralRules(l)));
  return r.select(count) as PluralCategory;
}

export function addPlurals(lang: PluralLang, table: Record<string, PluralForms>): void {
  Object.assign(tables[lang], table);
}

/** the form of `key` for `count` in `lang`; a category or a language without a form falls back to `other`, then English */
export function translatePlural(key: string, lang: Lang, count: number, params?: Record<string, string | number>): string {
  const own = tables[ruleLang(lang)][key];
  const forms = own ?? tables.en[key];
  const text = forms ? forms[pluralCategory(own ? lang : 'en', count)] ?? forms.other : key;
  return interpolate(text, { count, ...params });
}

/** whether a plural message has every category its language uses (for the tests of each table) */
export function missingPluralForms(lang: PluralLang, key: string): PluralCategory[] {
  const forms = tables[lang][key];
  const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as PluralCategory[];
  return forms ? needed.filter((c) => forms[c] === undefined) : needed;
}
