import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo, Socket } from 'node:net';
import { decodeWords, parseMail } from './mime';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** the message as it arrived (after the final dot), for checks on its bytes (DKIM) */
  raw: string;
}

/** one AUTH the server received: its mechanism, user, token (XOAUTH2) and whether the connection was under TLS */
export interface AuthSeen {
  method: string;
  user: string;
  accessToken: string | null;
  secure: boolean;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export interface SmtpSinkOptions {
  /** offer STARTTLS with this key and certificate (PEM) */
  starttls?: { key: string; cert: string };
  /** require AUTH: PLAIN or LOGIN with user and pass, XOAUTH2 with user and accessToken */
  auth?: { user: string; pass?: string; accessToken?: string };
  /** keep the bytes received in clear (clearCommands) */
  recordClearText?: boolean;
  /** close a connection idle this long */
  socketTimeoutMs?: number;
}

/**
 * An SMTP server for tests: records every accepted message; can refuse a recipient's first attempts
 * with a temporary error (451), refuse a recipient at RCPT TO, and can hold messages without answering
 * (so a test can kill the sender while a message is in flight: a message never answered with 250 is
 * not delivered). Counts the connections it accepted and remembers how each session was secured and
 * authenticated.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** DATA attempts per recipient address (accepted or not) */
  readonly attempts = new Map<string, number>();
  private readonly refusals = new Map<string, { left: number; code: number }>();
  private hold: { after: number; callbacks: ((err?: Error | null) => void)[]; reached: () => void; promise: Promise<void> } | null = null;
  private readonly rcptRefusals = new Map<string, number>();
  private server?: SMTPServer;
  port = 0;
  /** connections accepted so far */
  connections = 0;
  /** per accepted message: whether its connection was under TLS, and the user it authenticated as */
  readonly sessions: { secure: boolean; user: string | null }[] = [];
  /** every AUTH the server received, accepted or not */
  readonly auths: AuthSeen[] = [];
  /** every byte received on the TCP connections before any TLS (after STARTTLS only ciphertext can follow) */
  private clear = '';

  constructor(private readonly options: SmtpSinkOptions = {}) {}

  async start(): Promise<string> {
    const o = this.options;
    const disabled = [...(o.starttls ? [] : ['STARTTLS']), ...(o.auth ? [] : ['AUTH'])];
    this.server = new SMTPServer({
      authOptional: !o.auth,
      allowInsecureAuth: true,
      authMethods: o.auth?.accessToken ? ['XOAUTH2'] : ['PLAIN', 'LOGIN'],
      disabledCommands: disabled,
      ...(o.starttls ? { key: o.starttls.key, cert: o.starttls.cert } : {}),
      logger: false,
      size: 10 * 1024 * 1024,
      ...(o.socketTimeoutMs ? { socketTimeout: o.socketTimeoutMs } : {}),
      onConnect: (_session, callback) => {
        this.connections++;
        callback();
      },
      onAuth: (auth, session, callback) => {
        const a = auth as typeof auth & { accessToken?: string };
        this.auths.push({ method: auth.method, user: auth.username ?? '', accessToken: a.accessToken ?? null, secure: Boolean(session.secure) });
        const ok =
          o.auth &&
          auth.username === o.auth.user &&
          (auth.method === 'XOAUTH2' ? a.accessToken === o.auth.accessToken : auth.password === o.auth.pass);
        if (ok) callback(null, { user: auth.username });
        else if (auth.method === 'XOAUTH2') callback(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
        else callback(smtpError(535, 'Authentication failed'));
      },
      onRcptTo: (address, _session, callback) => {
        const code = this.rcptRefusals.get(address.address.toLowerCase());
        callback(code ? smtpError(code, 'No such user') : null);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const buf = Buffer.concat(chunks);
          this.onMessage(buf.toString('utf8'), buf.toString('latin1'), session, callback);
        });
      },
    });
    this.server.on('error', () => undefined);
    if (o.recordClearText) this.server.server.on('connection', (socket: Socket) => socket.on('data', (d: Buffer) => (this.clear += d.toString('latin1'))));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.releaseHeld();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Refuse the first `n` attempts at delivering to `email` (451: try again later; 550: permanently). */
  refuseFirst(email: string, n: number, code = 451): void {
    this.refusals.set(email.toLowerCase(), { left: n, code });
  }

  /** Refuse `email` at RCPT TO with this code (550: no such user). */
  refuseRecipient(email: string, code = 550): void {
    this.rcptRefusals.set(email.toLowerCase(), code);
  }

  /** After `after` more accepted messages, stop answering DATA; resolves when the first message is held. */
  holdAfter(after: number): Promise<void> {
    let reached!: () => void;
    const promise = new Promise<void>((r) => (reached = r));
    this.hold = { after: this.received.length + after, callbacks: [], reached, promise };
    return promise;
  }

  /** Answer the held messages with a temporary error (their senders are usually gone by now) and stop holding. */
  releaseHeld(): number {
    const h = this.hold;
    this.hold = null;
    if (!h) return 0;
    for (const cb of h.callbacks) {
      try {
        cb(smtpError(421, 'Service shutting down'));
      } catch {
        /* connection already closed */
      }
    }
    return h.callbacks.length;
  }

  heldCount(): number {
    return this.hold?.callbacks.length ?? 0;
  }

  /** the SMTP commands received in clear (lines that start a command: `AUTH PLAIN ...`, `MAIL FROM:...`) */
  clearCommands(): string[] {
    return this.clear.split(/\r?\n/).filter((l) => /^[A-Za-z]{4,8}\b/.test(l)).map((l) => l.split(' ')[0].toUpperCase());
  }

  for(email: string): ReceivedMail[] {
    const e = email.toLowerCase();
    return this.received.filter((m) => m.to.includes(e));
  }

  private onMessage(text: string, raw: string, session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    const rcpts = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
    for (const r of rcpts) this.attempts.set(r, (this.attempts.get(r) ?? 0) + 1);
    for (const r of rcpts) {
      const refusal = this.refusals.get(r);
      if (refusal && refusal.left > 0) {
        refusal.left -= 1;
        callback(smtpError(refusal.code, refusal.code >= 500 ? 'Mailbox unavailable' : 'Try again later'));
        return;
      }
    }
    if (this.hold && this.received.length >= this.hold.after) {
      this.hold.callbacks.push(callback);
      if (this.hold.callbacks.length === 1) this.hold.reached();
      return;
    }
    const mail = parseMail(text);
    const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    this.sessions.push({ secure: Boolean(session.secure), user: typeof session.user === 'string' ? session.user : null });
    this.received.push({
      to: rcpts,
      from: decodeWords(mail.headers.from ?? from),
      subject: mail.subject,
      messageId: mail.headers['message-id'] ?? '',
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      raw,
    });
    callback(null);
  }
}
