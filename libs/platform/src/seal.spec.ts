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
