import { developmentSmtpServer } from './smtp-url';

describe('developmentSmtpServer: what production refuses as SMTP_URL', () => {
  const cases: [string, boolean][] = [
    ['smtp://maildev:1025', true],
    ['smtp://MailDev:1025', true],
    ['smtp://maildev.boardroom.svc.cluster.local:1025', true],
    ['smtp://mailpit:1025', true],
    ['smtp://mailhog:1025', true],
    ['smtp://127.0.0.1:1025', true],
    ['smtp://127.1.2.3:25', true],
    ['smtp://0.0.0.0:25', true],
    ['smtp://localhost:1025', true],
    ['smtp://localhost.:25', true],
    ['smtp://mail.localhost:25', true],
    ['smtp://u:p@[::1]:587', true],
    ['smtp://[::ffff:127.0.0.1]:25', true],
    ['smtp://u:p@relay.example.com:587', false],
    ['smtps://u:p@smtp.office365.com', false],
    ['smtp://smtp.gmail.com:587', false],
    ['smtp://10.0.0.25:587', false],
    ['smtp://[2001:db8::25]:587', false],
    ['smtp://maildevelopers.example.com:587', false],
    ['not a url', false],
  ];
  it.each(cases)('%s: refused %s', (url, refused) => {
    expect(developmentSmtpServer(url) !== null).toBe(refused);
  });
});
