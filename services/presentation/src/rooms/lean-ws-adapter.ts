import { Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { WebSocket, WebSocketServer } from 'ws';

const log = new Logger('PresentationSocket');

/** one listener for every socket's errors (a function per socket would cost a closure per viewer) */
function logSocketError(this: WebSocket, err: Error): void {
  log.warn(`presentation socket error: ${err.message}`);
}
function watchErrors(ws: WebSocket): void {
  ws.on('error', logSocketError);
}
function logServerError(err: Error): void {
  log.error(`presentation socket server error: ${err.message}`);
}

/**
 * Nest's `ws` adapter without what it would add to each of thousands of sockets and this service does not use
 * (docs/presentation.md, "Memory per viewer"). The presentation gateway reads its frames itself (one shared
 * listener, zod contracts) and cleans up on the socket's own `close`, so it declares no `@SubscribeMessage` and no
 * `handleDisconnect`; for such a gateway Nest would still build, per socket, an RxJS pipeline over the socket's
 * `message` and `close` events (subjects, subscribers, two listeners), a `close` listener that feeds a disconnect
 * stream nobody reads, and an error-logging closure. Here: no pipeline when there are no message handlers, no
 * disconnect listener (`disconnectEvents: false`), and one error listener function shared by every socket.
 */
export class LeanWsAdapter extends WsAdapter {
  constructor(
    app: ConstructorParameters<typeof WsAdapter>[0],
    private readonly lean: { disconnectEvents: boolean },
  ) {
    super(app);
  }

  override bindMessageHandlers(client: unknown, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    if (handlers.length) super.bindMessageHandlers(client, handlers, transform);
  }

  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', watchErrors);
    server.on('error', logServerError);
    return server;
  }

  override bindClientDisconnect(client: unknown, callback: (reason?: unknown) => void): void {
    if (this.lean.disconnectEvents) super.bindClientDisconnect(client, callback);
  }
}
