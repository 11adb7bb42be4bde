import * as net from 'node:net';
import * as os from 'node:os';
import * as tls from 'node:tls';

/**
 * A small SMTP client for messages built beforehand (mime.ts): a pool of connections kept open across
 * messages, one transaction at a time on each, the envelope and DATA sent in one write when the server
 * offers PIPELINING (RFC 2920), the message written as one buffer. It does what the notification service
 * needs and nothing more: smtp:// with STARTTLS when offered, smtps://, AUTH PLAIN or LOGIN from the URL's
 * user and password. nodemailer did the same through its MIME tree and stream pipeline per message, which
 * cost more CPU than the transaction itself (docs/performance.md, P6).
 *
 * Errors: a negative reply rejects with an SmtpError carrying the reply's code (`responseCode`, as
 * nodemailer's errors do: 5xx is permanent, 4xx temporary); a connection that fails, closes or times out
 * rejects the message it was carrying with an error without a code (temporary). A message is reported
 * sent only on the server's positive reply to its final dot, so a caller that retries on every rejection
 * sends a message twice only when that reply was lost on the way (as with any SMTP client).
 */
export interface SmtpClientOptions {
  /** smtp://[user:pass@]host[:port] (STARTTLS when the server offers it) or smtps:// (TLS from the start) */
  url: string;
  /** connections opened at most; messages beyond wait for a free one */
  poolSize: number;
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  /** a reply not received within this time fails the connection; an idle connection is closed after it */
  socketTimeoutMs?: number;
  /** the EHLO name (default: this host's name) */
  clientName?: string;
  /** TLS options for smtps:// and STARTTLS (certificate checks are Node's defaults) */
  tls?: tls.ConnectionOptions;
}

export interface Envelope {
  from: string;
  to: string[];
}

export class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
    readonly command: string,
    readonly response: string,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

interface Reply {
  code: number;
  text: string;
}

interface Pending {
  envelope: Envelope;
  message: Buffer;
  /** taken once more on another connection (its first one failed before the message was written) */
  again?: boolean;
  resolve(r: { response: string }): void;
  reject(e: Error): void;
}

const ENVELOPE_ADDRESS = /^[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+$/;

/** Doubles every dot that starts a line (RFC 5321 4.5.2); returns the buffer itself when there is none. */
export function dotStuff(message: Buffer): Buffer {
  const starts: number[] = message[0] === 0x2e ? [0] : [];
  for (let i = message.indexOf('\n.'); i >= 0; i = message.indexOf('\n.', i + 1)) starts.push(i + 1);
  if (!starts.length) return message;
  const out = Buffer.allocUnsafe(message.length + starts.length);
  let from = 0;
  let o = 0;
  for (const at of starts) {
    o += message.copy(out, o, from, at);
    out[o++] = 0x2e;
    from = at;
  }
  message.copy(out, o, from);
  return out;
}

/** One SMTP connection: greeting, EHLO, STARTTLS, AUTH, then transactions one after another. */
class SmtpConnection {
  private socket!: net.Socket;
  private buffer = '';
  private lines: string[] = [];
  private waiting: { resolve(r: Reply): void; reject(e: Error): void }[] = [];
  /** replies that came before anyone waited for them (the greeting can arrive before open() asks for it) */
  private early: Reply[] = [];
  private extensions = new Set<string>();
  private authMechanisms = new Set<string>();
  private failure: Error | null = null;
  private opened = false;
  busy = false;
  closed = false;
  onClose: () => void = () => undefined;

  constructor(private readonly o: Required<Omit<SmtpClientOptions, 'url' | 'poolSize' | 'tls'>> & { tls?: tls.ConnectionOptions }, private readonly target: URL) {}

  async open(): Promise<void> {
    const host = this.target.hostname.replace(/^\[|\]$/g, '');
    const secure = this.target.protocol === 'smtps:';
    const port = Number(this.target.port) || (secure ? 465 : 25);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`SMTP connection to ${host}:${port} timed out`));
        socket.destroy();
      }, this.o.connectionTimeoutMs);
      const done = (e?: Error) => {
        clearTimeout(timer);
        if (e) reject(e);
        else resolve();
      };
      const socket = secure
        ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, ...this.o.tls }, () => done())
        : net.connect({ host, port }, () => done());
      socket.once('error', done);
      this.attach(socket);
    });
    await this.expect(await this.reply(this.o.greetingTimeoutMs), [220], 'greeting');
    await this.hello();
    if (!secure && this.extensions.has('STARTTLS')) {
      await this.expect(await this.command('STARTTLS'), [220], 'STARTTLS');
      await this.upgrade(host);
      await this.hello();
    }
    const user = decodeURIComponent(this.target.username);
    if (user) await this.login(user, decodeURIComponent(this.target.password));
    this.opened = true;
  }

  /** Sends one message; resolves with the reply to its final dot. */
  async send(envelope: Envelope, message: Buffer): Promise<{ response: string }> {
    const commands = [`MAIL FROM:<${envelope.from}>`, ...envelope.to.map((to) => `RCPT TO:<${to}>`), 'DATA'];
    let replies: Reply[];
    try {
      if (this.extensions.has('PIPELINING')) {
        const pending = commands.map(() => this.reply());
        this.write(commands.join('\r\n') + '\r\n');
        replies = await Promise.all(pending);
      } else {
        replies = [];
        for (const c of commands) {
          const r = await this.command(c);
          replies.push(r);
          if (r.code >= 400) break;
        }
      }
    } catch (e) {
      // the connection failed before the message was written: the server cannot have accepted it
      throw Object.assign(e as Error, { notDelivered: true });
    }
    const refused = replies.findIndex((r, i) => (i === commands.length - 1 ? r.code !== 354 : r.code >= 400));
    if (refused >= 0 || replies.length < commands.length) {
      const i = refused >= 0 ? refused : replies.length - 1;
      const data = replies[commands.length - 1];
      if (data?.code === 354) {
        // the server waits for a message that must not be delivered: only closing the connection aborts it
        this.destroy(new Error('transaction aborted'));
      } else if (!this.closed) {
        // the transaction is over; RSET makes sure the next one starts clean
        await this.command('RSET').then(
          (r) => (r.code === 250 ? undefined : this.destroy(new Error(`RSET: ${r.code} ${r.text}`))),
          () => undefined,
        );
      }
      throw this.refusal(commands[i], replies[i]);
    }
    const body = dotStuff(message);
    const ends = body.length >= 2 && body[body.length - 2] === 0x0d && body[body.length - 1] === 0x0a;
    const final = this.reply();
    this.socket.cork();
    this.socket.write(body);
    this.socket.write(ends ? '.\r\n' : '\r\n.\r\n');
    this.socket.uncork();
    const r = await final;
    if (r.code !== 250) throw this.refusal('message', r);
    return { response: `${r.code} ${r.text}` };
  }

  /** QUIT, then close (an idle connection, or the pool closing). */
  quit(): void {
    if (this.closed) return;
    this.write('QUIT\r\n');
    this.socket.end();
    // out of the pool at once; the socket is gone when the server has answered, or a second later
    this.onEnd();
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  destroy(e: Error | null): void {
    if (!this.failure) this.failure = e ?? new Error('SMTP connection closed');
    this.socket.destroy();
    this.onEnd();
  }

  private attach(socket: net.Socket): void {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setTimeout(this.o.socketTimeoutMs);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('timeout', () => (this.busy || this.waiting.length ? this.destroy(new Error('SMTP server did not answer in time')) : this.quit()));
    socket.on('error', (e) => this.destroy(e));
    socket.on('close', () => this.onEnd());
  }

  private async upgrade(host: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('timeout');
    plain.removeAllListeners('error');
    plain.removeAllListeners('close');
    await new Promise<void>((resolve, reject) => {
      const secured = tls.connect({ socket: plain, servername: net.isIP(host) ? undefined : host, ...this.o.tls }, () => resolve());
      secured.once('error', reject);
      this.attach(secured);
    });
  }

  private async hello(): Promise<void> {
    let r = await this.command(`EHLO ${this.o.clientName}`);
    if (r.code !== 250) {
      r = await this.command(`HELO ${this.o.clientName}`);
      await this.expect(r, [250], 'HELO');
      this.extensions = new Set();
      return;
    }
    const lines = r.text.split('\n').slice(1).map((l) => l.trim().toUpperCase());
    this.extensions = new Set(lines.map((l) => l.split(/[ =]/)[0]));
    const auth = lines.find((l) => /^AUTH[ =]/.test(l));
    this.authMechanisms = new Set(auth ? auth.slice(5).split(/\s+/) : []);
  }

  private async login(user: string, pass: string): Promise<void> {
    if (this.authMechanisms.has('PLAIN')) {
      await this.expect(await this.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`, 'utf8').toString('base64')}`), [235], 'AUTH PLAIN');
    } else if (this.authMechanisms.has('LOGIN')) {
      await this.expect(await this.command('AUTH LOGIN'), [334], 'AUTH LOGIN');
      await this.expect(await this.command(Buffer.from(user, 'utf8').toString('base64')), [334], 'AUTH LOGIN');
      await this.expect(await this.command(Buffer.from(pass, 'utf8').toString('base64')), [235], 'AUTH LOGIN');
    } else {
      throw new SmtpError('the SMTP server offers neither AUTH PLAIN nor AUTH LOGIN', undefined, 'AUTH', '');
    }
  }

  private async expect(r: Reply, codes: number[], command: string): Promise<void> {
    if (!codes.includes(r.code)) throw this.refusal(command, r);
  }

  private refusal(command: string, r: Reply): SmtpError {
    // never an AUTH argument in a message (it carries the credentials)
    const what = command.startsWith('AUTH') ? command.split(' ').slice(0, 2).join(' ') : command;
    const e = new SmtpError(`${what}: ${r.code} ${r.text.replace(/\n/g, ' ')}`, r.code, what, `${r.code} ${r.text}`);
    // 421: the server is closing this connection
    if (r.code === 421) this.destroy(e);
    return e;
  }

  private command(line: string): Promise<Reply> {
    const r = this.reply();
    this.write(line + '\r\n');
    return r;
  }

  private write(s: string): void {
    if (!this.closed) this.socket.write(s);
  }

  /** the next reply (in order: pipelined commands are answered in the order they were sent) */
  private reply(timeoutMs?: number): Promise<Reply> {
    if (this.closed) return Promise.reject(this.failure ?? new Error('SMTP connection closed'));
    const early = this.early.shift();
    if (early) return Promise.resolve(early);
    return new Promise<Reply>((resolve, reject) => {
      if (timeoutMs === undefined) {
        this.waiting.push({ resolve, reject });
        return;
      }
      const timer = setTimeout(() => this.destroy(new Error('SMTP greeting timed out')), timeoutMs);
      this.waiting.push({
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer += chunk.toString('latin1');
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.lines.push(line);
      // "250-..." continues a reply, "250 ..." (or "250") ends it
      if (line.length >= 4 && line[3] === '-') continue;
      const code = Number(line.slice(0, 3));
      const text = this.lines.map((l) => l.slice(4)).join('\n');
      this.lines = [];
      // once open, a reply nobody asked for is the server giving up on the connection (421 on a timeout)
      if (!(code >= 200 && code < 600) || (!this.waiting.length && (this.opened || this.early.length >= 8))) {
        this.destroy(new Error(`unexpected SMTP reply: ${line.slice(0, 100)}`));
        return;
      }
      const w = this.waiting.shift();
      if (w) w.resolve({ code, text });
      else this.early.push({ code, text });
    }
    if (this.buffer.length > 64 * 1024) this.destroy(new Error('SMTP reply line too long'));
  }

  private onEnd(): void {
    if (this.closed) return;
    this.closed = true;
    const e = this.failure ?? new Error('SMTP connection closed');
    for (const w of this.waiting.splice(0)) w.reject(e);
    this.onClose();
  }
}

export class SmtpClient {
  private readonly target: URL;
  private readonly connOpts: ConstructorParameters<typeof SmtpConnection>[0];
  private readonly idle: SmtpConnection[] = [];
  private readonly all = new Set<SmtpConnection>();
  private opening = 0;
  private readonly queue: Pending[] = [];
  private closing = false;
  private retryOpenAt = 0;
  private lastOpenError: Error | null = null;

  constructor(private readonly options: SmtpClientOptions) {
    this.target = new URL(options.url);
    if (this.target.protocol !== 'smtp:' && this.target.protocol !== 'smtps:') throw new Error('SMTP URL must start with smtp:// or smtps://');
    this.connOpts = {
      connectionTimeoutMs: options.connectionTimeoutMs ?? 10_000,
      greetingTimeoutMs: options.greetingTimeoutMs ?? 10_000,
      socketTimeoutMs: options.socketTimeoutMs ?? 30_000,
      // EHLO wants a fully qualified name, else an address literal
      clientName: options.clientName ?? (os.hostname().includes('.') ? os.hostname() : '[127.0.0.1]'),
      tls: options.tls,
    };
  }

  /** Resolves with the server's reply once it accepted the message (CRLF line ends, not dot-stuffed). */
  send(envelope: Envelope, message: Buffer): Promise<{ response: string }> {
    for (const a of [envelope.from, ...envelope.to]) {
      if (!ENVELOPE_ADDRESS.test(a)) return Promise.reject(new SmtpError(`invalid envelope address ${JSON.stringify(a)}`, 501, 'envelope', ''));
    }
    if (!envelope.to.length) return Promise.reject(new SmtpError('no recipient', 501, 'envelope', ''));
    if (this.closing) return Promise.reject(new Error('SMTP client closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ envelope, message, resolve, reject });
      this.dispatch();
    });
  }

  /** Closes idle connections at once and busy ones after their transaction; messages not yet started are refused. */
  close(): void {
    this.closing = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('SMTP client closed'));
    for (const c of this.idle.splice(0)) c.quit();
  }

  private dispatch(): void {
    while (this.queue.length && this.idle.length) this.run(this.idle.pop()!, this.queue.shift()!);
    if (this.closing) return;
    const blocked = Date.now() < this.retryOpenAt;
    // a connection for each waiting message that those being opened will not take, up to the pool size
    while (!blocked && this.queue.length > this.opening && this.all.size + this.opening < this.options.poolSize) void this.openOne();
    // nothing open, nothing opening, and the last attempt failed a moment ago: refuse rather than wait
    if (blocked && !this.all.size && !this.opening) for (const p of this.queue.splice(0)) p.reject(this.lastOpenError ?? new Error('SMTP connection failed'));
  }

  private async openOne(): Promise<void> {
    this.opening++;
    const conn = new SmtpConnection(this.connOpts, this.target);
    try {
      await conn.open();
      this.opening--;
      conn.onClose = () => {
        this.all.delete(conn);
        const i = this.idle.indexOf(conn);
        if (i >= 0) this.idle.splice(i, 1);
        this.dispatch();
      };
      this.all.add(conn);
      this.release(conn);
    } catch (e) {
      this.opening--;
      conn.destroy(e as Error);
      // no new connection for a second (a server refusing connections is not hammered); with none open, the
      // messages it would have carried are refused at once (the caller retries later), else they wait for one
      this.retryOpenAt = Date.now() + 1000;
      this.lastOpenError = e as Error;
      if (!this.all.size) for (const p of this.queue.splice(0, Math.max(0, this.queue.length - this.opening))) p.reject(e as Error);
      this.dispatch();
    }
  }

  private run(conn: SmtpConnection, p: Pending): void {
    conn.busy = true;
    conn.send(p.envelope, p.message).then(
      (r) => {
        conn.busy = false;
        p.resolve(r);
        this.release(conn);
      },
      (e: Error & { notDelivered?: boolean }) => {
        conn.busy = false;
        // a pooled connection the server had closed meanwhile (its idle timeout): once more on a new one
        if (e.notDelivered && !p.again && !this.closing) {
          p.again = true;
          this.queue.unshift(p);
        } else {
          p.reject(e);
        }
        this.release(conn);
      },
    );
  }

  private release(conn: SmtpConnection): void {
    if (conn.closed) return this.dispatch();
    if (this.closing) return conn.quit();
    const next = this.queue.shift();
    if (next) this.run(conn, next);
    else this.idle.push(conn);
  }
}
