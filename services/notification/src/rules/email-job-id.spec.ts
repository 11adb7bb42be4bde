import { emailJobId, messageIdFor } from './email-job-id';

describe('emailJobId', () => {
  const cases: [string, [string, string], [string, string], boolean][] = [
    ['same event, same address', ['evt-1', 'a@x.org'], ['evt-1', 'a@x.org'], true],
    ['address case and spaces do not matter', ['evt-1', 'A@X.org '], ['evt-1', 'a@x.org'], true],
    ['another recipient of the same event', ['evt-1', 'a@x.org'], ['evt-1', 'b@x.org'], false],
    ['the same recipient of another event', ['evt-1', 'a@x.org'], ['evt-2', 'a@x.org'], false],
    ['no ambiguity between source and address', ['evt-1a', '@x.org'], ['evt-1', 'a@x.org'], false],
  ];
  it.each(cases)('%s', (_name, [s1, e1], [s2, e2], same) => {
    expect(emailJobId(s1, e1) === emailJobId(s2, e2)).toBe(same);
  });

  it('is a BullMQ-safe id (no colon)', () => {
    expect(emailJobId('organization.v1:x', 'a@x.org')).toMatch(/^email-[0-9a-f]{40}$/);
  });
});

describe('messageIdFor', () => {
  it.each([
    ['email-abc', 'no-reply@boardroom.local', '<email-abc@boardroom.local>'],
    ['email-abc', 'broken', '<email-abc@localhost>'],
  ])('%s from %s is %s', (id, from, expected) => {
    expect(messageIdFor(id, from)).toBe(expected);
  });
});
