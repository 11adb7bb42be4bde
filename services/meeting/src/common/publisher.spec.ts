import type { DirectoryUser, Lang } from '@app/contracts';
import type { Outbox } from '@app/platform';
import { MeetingPublisher, withGuestLangs, type Person } from './publisher';

// a guest's stored language (docs/meeting.md#guests-language): their member row's wins over the request's
const rows = [
  { userId: null, userEmail: 'gail@example.test', guestLang: 'ar' as Lang },
  { userId: null, userEmail: 'ivan@example.test', guestLang: 'ru' as Lang },
  { userId: 5, userEmail: null, guestLang: 'en' as Lang },
];

describe('withGuestLangs: a decision or action person gets the language of their member row', () => {
  it.each<[string, Person, Lang | undefined | null]>([
    ['a guest, by e-mail', { userId: null, userEmail: 'gail@example.test' }, 'ar'],
    ['a guest, e-mail in another case', { userId: null, userEmail: 'IVAN@example.test' }, 'ru'],
    ['a guest with no row: none', { userId: null, userEmail: 'nobody@example.test' }, undefined],
    ['a user: none (the directory has theirs)', { userId: 5, userEmail: null }, undefined],
    ['a language already given is kept', { userId: null, userEmail: 'gail@example.test', guestLang: 'fr' }, 'fr'],
  ])('%s', (_name, person, lang) => {
    expect(withGuestLangs([person], rows)[0].guestLang).toBe(lang);
  });
});

describe('MeetingPublisher.recipients: the language of each recipient', () => {
  const publisher = new MeetingPublisher({} as unknown as Outbox);
  const people = new Map<number, DirectoryUser>([[5, { id: 5, email: 'u@example.test', name: 'U', lang: 'fr', status: 'Active' } as DirectoryUser]]);
  it.each<[string, Person, Lang | undefined, Lang]>([
    ['a guest with a stored language, whatever the request', { userId: null, userEmail: 'g@example.test', guestLang: 'ar' }, 'ru', 'ar'],
    ['a guest without one: the request\'s', { userId: null, userEmail: 'g@example.test' }, 'ru', 'ru'],
    ['a guest without one and no request language: English', { userId: null, userEmail: 'g@example.test' }, undefined, 'en'],
    ['a user: the directory\'s, never the row\'s', { userId: 5, userEmail: null, guestLang: 'ar' }, 'ru', 'fr'],
  ])('%s', (_name, person, guestLang, lang) => {
    expect(publisher.recipients(people, [person], { guestLang })[0].lang).toBe(lang);
  });
});
