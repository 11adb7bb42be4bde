import { OutboxSeal } from './events/outbox';
import { openJobData } from './queues/jobs';
import { PayloadSeal } from './seal';

/** Payloads at rest are ciphertext (issue 9: guest and invitation links carry tokens): outbox rows, stream messages, job data. */
describe('PayloadSeal', () => {
  const envelope = { id: '5b0c3c1e-8f0e-4d6b-9a54-0c6d2f1f7a10', subject: 'meeting.v1.member.invited', occurredAt: '2030-01-01T00:00:00.000Z', payload: { orgId: 'o', link: 'https://x.test/guest/SECRET-TOKEN-123' } };
  const seal = new PayloadSeal('a-test-key-of-some-length');

  it('keeps the metadata, hides the payload, and opens to the same envelope', () => {
    const row = seal.seal(envelope);
    expect(row).toMatchObject({ id: envelope.id, subject: envelope.subject, occurredAt: envelope.occurredAt });
    expect(JSON.stringify(row)).not.toContain('SECRET-TOKEN-123');
    expect(row).not.toHaveProperty('payload');
    expect(seal.open(row)).toEqual(envelope);
  });

  it('two seals of one payload differ (random IV)', () => {
    expect(seal.seal(envelope).sealed).not.toBe(seal.seal(envelope).sealed);
  });

  it('another key, a row moved to another id, or a changed byte cannot be opened', () => {
    const row = seal.seal(envelope);
    expect(() => new PayloadSeal('another-key-of-some-length').open(row)).toThrow();
    expect(() => seal.open({ ...row, id: '00000000-0000-4000-8000-000000000000' })).toThrow();
    const parts = row.sealed.split('.');
    parts[3] = (parts[3][0] === 'A' ? 'B' : 'A') + parts[3].slice(1);
    expect(() => seal.open({ ...row, sealed: parts.join('.') })).toThrow();
  });

  it('an unsealed row (written before sealing) is published as it is', () => {
    expect(seal.open(envelope)).toBe(envelope);
  });

  it('production without a key refuses to start', () => {
    expect(() => OutboxSeal.fromOptions({ service: 's', production: true })).toThrow('OUTBOX_KEY');
    expect(() => OutboxSeal.fromOptions({ service: 's', production: false })).not.toThrow();
  });

  it('job data: sealed under its queue and job name, readable only there; unsealed data as it is', () => {
    const payload = { orgId: 'o', to: { email: 'a@b.test' }, link: 'https://x.test/auth/complete-profile?token=SECRET-TOKEN-456' };
    const sealed = seal.sealValue(payload, 'job:email:SendEmail');
    expect(sealed).not.toContain('SECRET');
    expect(openJobData(seal, 'email', 'SendEmail', { orgId: 'o', sealed })).toEqual(payload);
    expect(() => openJobData(seal, 'email', 'Other', { orgId: 'o', sealed })).toThrow();
    expect(() => openJobData(new PayloadSeal('another-key-of-some-length'), 'email', 'SendEmail', { sealed })).toThrow();
    expect(openJobData(seal, 'email', 'SendEmail', { payload })).toBe(payload);
  });
});

/**
 * Rotation of OUTBOX_KEY without downtime (issue 26, docs/operations.md#rotating-secrets): a key ring. The current key
 * seals; the previous key (OUTBOX_KEY_PREVIOUS) still opens what it sealed during the rotation; once it is dropped,
 * what only it sealed is refused. Table: which ring opens a value sealed by which key.
 */
describe('PayloadSeal key ring (OUTBOX_KEY, OUTBOX_KEY_PREVIOUS)', () => {
  const OLD = 'outbox-key-before-the-rotation';
  const NEW = 'outbox-key-after-the-rotation!';
  const OTHER = 'a-key-of-another-deployment-x';
  const envelope = { id: '8a1f6a0e-4c1b-4b6e-a1d2-0f7d8e9c1b2a', subject: 'meeting.v1.member.invited', occurredAt: '2030-01-01T00:00:00.000Z', payload: { orgId: 'o', link: 'https://x.test/guest/TOKEN' } };
  const ring = (current: string, previous?: string) => new PayloadSeal(current, previous);

  it.each<[string, PayloadSeal, PayloadSeal, 'opens' | 'refused', boolean | null]>([
    ['before: sealed and opened under the old key', ring(OLD), ring(OLD), 'opens', true],
    ['during: the old key\'s value opens with the new ring', ring(OLD), ring(NEW, OLD), 'opens', false],
    ['during: the new ring\'s value opens with the new ring', ring(NEW, OLD), ring(NEW, OLD), 'opens', true],
    ['a value sealed under the new key does not open on a pod that holds the old key only (hence step 1: the new key as previous first)', ring(NEW, OLD), ring(OLD), 'refused', null],
    ['during, pods rolled first with the new key as previous: their values open everywhere', ring(OLD, NEW), ring(NEW, OLD), 'opens', false],
    ['after: the old key dropped, what only it sealed is refused', ring(OLD), ring(NEW), 'refused', null],
    ['after: the new key\'s values open', ring(NEW, OLD), ring(NEW), 'opens', true],
    ['a key of another deployment never opens', ring(OTHER), ring(NEW, OLD), 'refused', null],
    ['a previous key equal to the current adds nothing', ring(NEW, NEW), ring(NEW), 'opens', true],
  ])('%s', (_case, sealer, opener, outcome, current) => {
    const row = sealer.seal(envelope);
    const value = sealer.sealValue(envelope.payload, 'job:email:SendEmail');
    if (outcome === 'opens') {
      expect(opener.open(row)).toEqual(envelope);
      expect(opener.openWithKey(value, 'job:email:SendEmail')).toEqual({ value: envelope.payload, current });
      expect(openJobData(opener, 'email', 'SendEmail', { sealed: value })).toEqual(envelope.payload);
    } else {
      expect(() => opener.open(row)).toThrow(`sealed payload ${envelope.id}`);
      expect(() => opener.openValue(value, 'job:email:SendEmail')).toThrow();
    }
  });

  it('the previous key opens only under the right associated data, as the current one', () => {
    const value = ring(OLD).sealValue({ n: 1 }, 'job:email:SendEmail');
    expect(() => ring(NEW, OLD).openValue(value, 'job:email:Other')).toThrow();
  });

  it('production refuses the development key as the previous key too', () => {
    expect(() => PayloadSeal.fromKey(NEW, true, 'development-only-outbox-key')).toThrow('OUTBOX_KEY_PREVIOUS');
    expect(() => PayloadSeal.fromKey(NEW, true, OLD)).not.toThrow();
    expect(() => OutboxSeal.fromOptions({ service: 's', production: true, outboxKey: NEW, outboxKeyPrevious: OLD })).not.toThrow();
  });
});
