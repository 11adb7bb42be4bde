/**
 * The bench's SMTP sink (smtp-server, in this process): accepts every message, parses nothing, and counts
 * messages per recipient, so P6 can check that each e-mail arrived exactly once. Every e-mail the system
 * sends during a bench run lands here (no shared inbox is flooded).
 */
import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** messages accepted so far */
  count(): number;
  /** how many messages each recipient address received */
  received(email: string): number;
  stop(): Promise<void>;
}

export async function smtpSink(): Promise<SmtpSink> {
  let n = 0;
  const perRecipient = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        n++;
        for (const r of session.envelope.rcptTo) {
          const k = r.address.toLowerCase();
          perRecipient.set(k, (perRecipient.get(k) ?? 0) + 1);
        }
        callback(null);
      });
    },
  });
  server.on('error', () => undefined);
  // answer at once (no Nagle delay on the replies), as a production MTA does
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => n,
    received: (email) => perRecipient.get(email.toLowerCase()) ?? 0,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
