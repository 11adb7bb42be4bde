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
    ['dkim -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY----- end', 'dkim [redacted private key] end'],
    ['key "-----BEGIN RSA PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0B\\n-----END RSA PRIVATE KEY-----"', 'key "[redacted private key]"'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('the configuration\'s secrets are replaced when a config object is logged (issue 32: the dashboard password, the e-mail secrets, the key rings)', () => {
    const config = {
      QUEUE_DASHBOARD_USER: 'operator', QUEUE_DASHBOARD_PASSWORD: 'pw-0123456789abcdef', SMTP_OAUTH2_CLIENT_SECRET: 'cs', SMTP_OAUTH2_REFRESH_TOKEN: 'rt',
      SMTP_OAUTH2_ACCESS_TOKEN: 'at', DKIM_PRIVATE_KEY: 'k', AUTH_SECRET: 'a', AUTH_SECRET_PREVIOUS: 'ap', OUTBOX_KEY: 'o', OUTBOX_KEY_PREVIOUS: 'op', DKIM_DOMAIN: 'board.example',
    };
    expect(scrubSecrets(config)).toEqual({
      QUEUE_DASHBOARD_USER: 'operator', QUEUE_DASHBOARD_PASSWORD: '[redacted]', SMTP_OAUTH2_CLIENT_SECRET: '[redacted]', SMTP_OAUTH2_REFRESH_TOKEN: '[redacted]',
      SMTP_OAUTH2_ACCESS_TOKEN: '[redacted]', DKIM_PRIVATE_KEY: '[redacted]', AUTH_SECRET: '[redacted]', AUTH_SECRET_PREVIOUS: '[redacted]', OUTBOX_KEY: '[redacted]', OUTBOX_KEY_PREVIOUS: '[redacted]', DKIM_DOMAIN: 'board.example',
    });
    // an S3 object key is not a secret
    expect(scrubSecrets({ key: 'org/1/file.pdf' })).toEqual({ key: 'org/1/file.pdf' });
  });

  it('secret-named fields are replaced at any depth, other fields kept', () => {
    expect(scrubSecrets({ req: { headers: { token: 'abc', 'x-org': 'acme' } }, guestToken: 'g', password: 'p', payload: { log_token: 't', name: 'Ann' }, n: 3 })).toEqual({
      req: { headers: { token: '[redacted]', 'x-org': 'acme' } }, guestToken: '[redacted]', password: '[redacted]', payload: { log_token: '[redacted]', name: 'Ann' }, n: 3,
    });
  });
});
