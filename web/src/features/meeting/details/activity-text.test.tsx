import { act, screen } from '@testing-library/react';
import { changeLanguage } from '../../../i18n';
import { renderWithApp } from '../../../test/render';
import { ActivityText, readActivity } from './activity-text';

describe('readActivity: the stored English sentence read back by its pattern', () => {
  it.each([
    ['Mona Member added the talking point "Budget 2027"', { key: 'addedTalkingPoint', name: 'Mona Member', title: 'Budget 2027' }],
    ['Ada created the meeting', { key: 'createdMeeting', name: 'Ada', title: '' }],
    ['Ada deleted a comment on "Q3 "draft""', { key: 'deletedCommentOn', name: 'Ada', title: 'Q3 "draft"' }],
    ['Ada commented', { key: 'commented', name: 'Ada', title: '' }],
    ['Ada added Mona Member as a participant', null],
  ])('%s', (sentence, want) => expect(readActivity(sentence)).toEqual(want));
});

describe('ActivityText: in the interface language, names and titles isolated', () => {
  afterEach(() => act(() => changeLanguage('en')));
  const show = (text: string) => renderWithApp(<ul><li data-testid="a"><ActivityText text={text} /></li></ul>);

  it('English: the sentence as stored, the name and the title each in a <bdi>', async () => {
    await act(() => changeLanguage('en'));
    show('Mona Member voted on "Budget"');
    const a = screen.getByTestId('a');
    expect(a).toHaveTextContent('Mona Member voted on "Budget"');
    expect([...a.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Mona Member', 'Budget']);
  });

  it.each([
    ['ar', 'أضاف Mona Member بند النقاش «Budget»'],
    ['ru', 'Mona Member: добавил(а) пункт повестки «Budget»'],
  ])('%s: translated, the English name isolated', async (lang, want) => {
    await act(() => changeLanguage(lang));
    show('Mona Member added the talking point "Budget"');
    const a = screen.getByTestId('a');
    expect(a).toHaveTextContent(want);
    expect(a).not.toHaveTextContent('added the talking point');
    expect(a.querySelectorAll('bdi')[0]).toHaveTextContent('Mona Member');
  });

  it('a sentence with no pattern stays as stored, isolated with its own direction (its full stop at its end in Arabic)', async () => {
    await act(() => changeLanguage('ar'));
    show('Ada added Mona Member as a participant.');
    const b = screen.getByTestId('a').querySelector('bdi')!;
    expect(b).toHaveAttribute('dir', 'auto');
    expect(b).toHaveTextContent('Ada added Mona Member as a participant.');
  });
});
