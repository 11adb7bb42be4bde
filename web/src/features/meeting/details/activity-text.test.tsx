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
    ['Ada added Mona Member as a participant', { key: 'addedParticipant', name: 'Ada', title: 'Mona Member' }],
    ['Ada added 5 participants: A, B, C and 2 more', { key: 'addedParticipantsMore', name: 'Ada', title: 'A, B, C', count: 5, more: 2 }],
    ['Ada added 2 participants: A and B', { key: 'addedParticipants', name: 'Ada', title: 'A and B', count: 2 }],
    ['Ada removed guest@example.test', { key: 'removedParticipant', name: 'Ada', title: 'guest@example.test' }],
    ['Ada removed an attachment', { key: 'removedAttachment', name: 'Ada', title: '' }],
    ['Ada gave their proxy to Mark Member', { key: 'gaveProxy', name: 'Ada', title: 'Mark Member' }],
    ['Ada recorded the proxy of Mona Member to Mark Member', { key: 'recordedProxy', name: 'Ada', title: 'Mona Member', other: 'Mark Member' }],
    ['Ada revoked the proxy of Mona Member', { key: 'revokedProxy', name: 'Ada', title: 'Mona Member' }],
    ['Ada changed the status to Scheduled', { key: 'changedStatus', name: 'Ada', title: '', status: 2 }],
    ['Ada changed the status to Cancelled: the venue: closed', { key: 'changedStatusReason', name: 'Ada', title: 'the venue: closed', status: 4 }],
    ["Ada added the committee's members (7)", { key: 'addedCommitteeMembers', name: 'Ada', title: '', count: 7 }],
    ['Ada added the decision "Approve the budget"', { key: 'addedDecision', name: 'Ada', title: 'Approve the budget' }],
    ['Ada hid the decision "Q3"', { key: 'hidDecision', name: 'Ada', title: 'Q3' }],
    ['Ada unhid the decision "Q3"', { key: 'unhidDecision', name: 'Ada', title: 'Q3' }],
    ['Ada resumed voting on "Q3"', { key: 'resumedVoting', name: 'Ada', title: 'Q3' }],
    ['Mona Member declared a conflict of interest on "Acquisition"', { key: 'declaredConflict', name: 'Mona Member', title: 'Acquisition' }],
    ['Mona Member withdrew their conflict of interest on "Acquisition"', { key: 'withdrewConflict', name: 'Mona Member', title: 'Acquisition' }],
    ['Ada revoked the link of Link Guest', { key: 'revokedLink', name: 'Ada', title: 'Link Guest' }],
    ['Ada sent a new link to guest@example.test', { key: 'renewedLink', name: 'Ada', title: 'guest@example.test' }],
    ['Ada updated the guest guest@example.test', { key: 'updatedGuest', name: 'Ada', title: 'guest@example.test' }],
    ['Ada named Mark Member chair and Mona Member secretary', { key: 'namedChair', name: 'Ada', title: 'Mark Member', other: 'Mona Member' }],
    ['Ada updated the meeting (title, start_date)', { key: 'updatedMeetingFields', name: 'Ada', title: '', value: [{ key: 'activityLog.field.title' }, { key: 'activityLog.field.start_date' }] }],
    ['Ada updated the meeting', { key: 'updatedMeeting', name: 'Ada', title: '' }],
    ['Ada published the agenda', { key: 'publishedAgenda', name: 'Ada', title: '' }],
    ['Ada published an update of the agenda', { key: 'publishedAgendaUpdate', name: 'Ada', title: '' }],
    ['Ada ended voting on "Q3": Passed', { key: 'endedVotingOutcome', name: 'Ada', title: 'Q3', value: [{ key: 'Passed', ns: 'decisions' }] }],
    ['Ada ended voting on "Q3"', { key: 'endedVoting', name: 'Ada', title: 'Q3' }],
    ['Ada marked Mona Member excused', { key: 'markedRollCall', name: 'Ada', title: 'Mona Member', value: [{ key: 'rollCall.excused' }] }],
    ['Ada set "Send the minutes" to In Progress', { key: 'setActionStatus', name: 'Ada', title: 'Send the minutes', value: [{ key: 'actionStatus.In Progress' }] }],
    ['Ada answered: Not going', { key: 'answered', name: 'Ada', title: '', value: [{ key: 'attendance.Not going' }] }],
    ['Ada answered for guest@example.test: Maybe', { key: 'answeredFor', name: 'Ada', title: 'guest@example.test', value: [{ key: 'attendance.Maybe' }] }],
    ['Ada changed the type of Mona Member to Editor', { key: 'changedType', name: 'Ada', title: 'Mona Member', value: [{ key: 'participants.Editor' }] }],
    ['Ada set the link of Link Guest to expire at 2026-12-01 10:00:00', { key: 'setLinkExpiry', name: 'Ada', title: 'Link Guest', other: '2026-12-01 10:00:00' }],
    ['Ada gave the link of Link Guest the usual lifetime', { key: 'gaveLinkUsualLifetime', name: 'Ada', title: 'Link Guest' }],
    ['Ada recorded Mona Member moving and Mark Member seconding "Q3"', { key: 'recordedMotion', name: 'Ada', title: 'Mona Member', other: 'Mark Member', item: 'Q3' }],
    ['Ada updated the meeting (the weather)', null],
    ['Ada changed the type of Mona Member to 3', null],
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

  it.each([
    ['ar', 'Ada changed the status to Cancelled: Venue closed', 'غيّر Ada الحالة إلى «ملغى»: Venue closed', ['Ada', 'Venue closed']],
    ['ru', 'Ada changed the status to Scheduled', 'Ada: изменил(а) статус на «Запланирована»', ['Ada']],
    ['ar', 'Ada recorded the proxy of Mona Member to Mark Member', 'سجّل Ada توكيل Mona Member إلى Mark Member', ['Ada', 'Mona Member', 'Mark Member']],
    ['ar', 'Ada added 5 participants: A, B, C and 2 more', 'أضاف Ada 5 من المشاركين: A, B, C و2 آخرين', ['Ada', 'A, B, C']],
    ['ar', 'Ada named Mark Member chair and Mona Member secretary', 'عيّن Ada Mark Member رئيسًا وMona Member أمينًا للسر', ['Ada', 'Mark Member', 'Mona Member']],
    ['ru', 'Ada sent a new link to Link Guest', 'Ada: отправил(а) новую ссылку гостю Link Guest', ['Ada', 'Link Guest']],
    ['ar', 'Mona Member declared a conflict of interest on "Acquisition"', 'أعلن Mona Member تعارض مصالح في «Acquisition»', ['Mona Member', 'Acquisition']],
    ['ru', "Ada added the committee's members (7)", 'Ada: добавил(а) членов комитета (7)', ['Ada']],
    ['ar', 'Ada updated the meeting (title, start_date)', 'عدّل Ada الاجتماع (العنوان، موعد البدء)', ['Ada']],
    ['ar', 'Ada ended voting on "Q3": Passed', 'أنهى Ada التصويت على «Q3»: أُقرّ', ['Ada', 'Q3']],
    ['ru', 'Ada marked Mona Member excused', 'Ada: отметил(а) Mona Member: Уважительная причина', ['Ada', 'Mona Member']],
    ['ar', 'Ada recorded Mona Member moving and Mark Member seconding "Q3"', 'سجّل Ada Mona Member مقترحًا وMark Member مثنّيًا على «Q3»', ['Ada', 'Mona Member', 'Mark Member', 'Q3']],
    ['ru', 'Ada set "Send" to Complete', 'Ada: изменил(а) статус «Send» на «Выполнено»', ['Ada', 'Send']],
  ])('%s: "%s" said in the language, the status by its own name, each person isolated', async (lang, sentence, want, isolated) => {
    await act(() => changeLanguage(lang));
    show(sentence);
    const a = screen.getByTestId('a');
    expect(a).toHaveTextContent(want);
    expect([...a.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(isolated);
  });

  it('a sentence with no pattern stays as stored, isolated with its own direction (its full stop at its end in Arabic)', async () => {
    await act(() => changeLanguage('ar'));
    show('Ada updated the meeting (title, start date).');
    const b = screen.getByTestId('a').querySelector('bdi')!;
    expect(b).toHaveAttribute('dir', 'auto');
    expect(b).toHaveTextContent('Ada updated the meeting (title, start date).');
  });
});
