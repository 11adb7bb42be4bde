import { scrubSecrets, scrubText } from './logger';

/** Logs never print tokens (issue 9): the scrubber every log line passes through. */
describe('log scrubbing', () => {
  it.each<[string, string]>([
    ['GET /api/guest/meetings/3?token=abcDEF1234567890xyz', 'GET /api/guest/meetings/3?token=[redacted]'],
    ['POST /api/login?log_token=Zz9-abcdefghijklmnop&x=1', 'POST /api/login?log_token=[redacted]&x=1'],
    ['link http://o.test/guest/0123456789abcdef0123456789abcdef', 'link http://o.test/guest/[redacted]'],
    ['http://o.test/auth/complete-profile/0123456789abcdef0123456789abcdef', 'http://o.test/auth/complete-profile/[redacted]'],
    ['GET /api/namebytoken/0123456789abcdef0123456789abcdef 404', 'GET /api/namebytoken/[redacted] 404'],
    ['GET /api/meeting/guest/0123456789abcdef0123456789abcdef', 'GET /api/meeting/guest/[redacted]'],
    ['{"token":"s3cr3t-value-123"}', '{"token":"[redacted]"}'],
    ['nothing secret here /api/meetings/12', 'nothing secret here /api/meetings/12'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('secret-named fields are replaced at any depth, other fields kept', () => {
    expect(scrubSecrets({ req: { headers: { token: 'abc', 'x-org': 'acme' } }, guestToken: 'g', password: 'p', payload: { log_token: 't', name: 'Ann' }, n: 3 })).toEqual({
      req: { headers: { token: '[redacted]', 'x-org': 'acme' } }, guestToken: '[redacted]', password: '[redacted]', payload: { log_token: '[redacted]', name: 'Ann' }, n: 3,
    });
  });
});
