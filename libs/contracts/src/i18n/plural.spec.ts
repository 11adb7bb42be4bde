import { addPlurals, missingPluralForms, pluralCategory, translatePlural } from './plural';

addPlurals('en', { '{count} test votes': { one: '{count} test vote', other: '{count} test votes' } });
addPlurals('ru', { '{count} test votes': { one: '{count} голос', few: '{count} голоса', many: '{count} голосов', other: '{count} голоса' } });
addPlurals('ar', {
  '{count} test votes': { zero: 'لا أصوات', one: 'صوت واحد', two: 'صوتان', few: '{count} أصوات', many: '{count} صوتًا', other: '{count} صوت' },
});

describe('plural categories (CLDR through Intl.PluralRules)', () => {
  it.each([
    ['en', 0, 'other'], ['en', 1, 'one'], ['en', 2, 'other'], ['en', 21, 'other'],
    ['fr', 0, 'other'], ['fr', 1, 'one'], // fr speaks English texts, so English categories
    ['ru', 0, 'many'], ['ru', 1, 'one'], ['ru', 2, 'few'], ['ru', 4, 'few'], ['ru', 5, 'many'], ['ru', 11, 'many'], ['ru', 12, 'many'],
    ['ru', 21, 'one'], ['ru', 22, 'few'], ['ru', 25, 'many'], ['ru', 101, 'one'], ['ru', 111, 'many'], ['ru', 1.5, 'other'],
    ['ar', 0, 'zero'], ['ar', 1, 'one'], ['ar', 2, 'two'], ['ar', 3, 'few'], ['ar', 10, 'few'], ['ar', 11, 'many'], ['ar', 99, 'many'],
    ['ar', 100, 'other'], ['ar', 102, 'other'], ['ar', 103, 'few'], ['ar', 111, 'many'],
  ] as const)('%s %d is %s', (lang, n, category) => {
    expect(pluralCategory(lang, n)).toBe(category);
  });

  it.each([
    ['en', 1, '1 test vote'], ['en', 0, '0 test votes'], ['en', 7, '7 test votes'], ['fr', 1, '1 test vote'], ['fr', 2, '2 test votes'],
    ['ru', 1, '1 голос'], ['ru', 3, '3 голоса'], ['ru', 5, '5 голосов'], ['ru', 11, '11 голосов'], ['ru', 21, '21 голос'], ['ru', 0, '0 голосов'],
    ['ar', 0, 'لا أصوات'], ['ar', 1, 'صوت واحد'], ['ar', 2, 'صوتان'], ['ar', 3, '3 أصوات'], ['ar', 11, '11 صوتًا'], ['ar', 100, '100 صوت'],
  ] as const)('%s %d: %s', (lang, n, text) => {
    expect(translatePlural('{count} test votes', lang, n)).toBe(text);
  });

  it('a message without forms in a language takes the English ones with the English rule; an unknown one is its key', () => {
    addPlurals('en', { '{count} english only': { one: 'one thing', other: '{count} things' } });
    expect(translatePlural('{count} english only', 'ru', 1)).toBe('one thing');
    expect(translatePlural('{count} english only', 'ar', 2)).toBe('2 things');
    expect(translatePlural('{count} unknown {x}', 'ru', 3, { x: 'y' })).toBe('3 unknown y');
  });

  it('names the categories a table leaves out', () => {
    expect(missingPluralForms('ru', '{count} test votes')).toEqual([]);
    expect(missingPluralForms('ar', '{count} test votes')).toEqual([]);
    addPlurals('ru', { '{count} half': { one: '{count} x', other: '{count} y' } });
    expect(missingPluralForms('ru', '{count} half').sort()).toEqual(['few', 'many']);
  });
});
