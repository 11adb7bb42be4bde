import { Injectable } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { AnnotationRoutes, AppError, BookAnnotationRoutes, GetBookSourceAnnotations, ListAnnotations, LiveRoutes, type FileLiveMessage, type LiveMessage, type ResolutionLiveMessage } from '@app/contracts';
import { Bus } from '@app/platform';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import { LiveHub, mayListen, type FileListener, type LiveListener, type ResolutionListener } from './live.hub';

/** a comment line every 20 s keeps proxies and the browser from closing a quiet channel */
const HEARTBEAT_MS = 20_000;

/** one server-sent event: the change's sequence as its id (the browser sends it back as Last-Event-ID) */
export function sseFrame(message: LiveMessage | ResolutionLiveMessage | FileLiveMessage, seq?: number): string {
  return `${seq !== undefined ? `id: ${seq}\n` : ''}data: ${JSON.stringify(message)}\n\n`;
}

/**
 * GET /api/meetings/:id/live (docs/meeting.md#live-updates): authorizes the caller for the meeting with the
 * meeting service (a member, the owner, an administrator, or the meeting's own guest by ?token=; anything
 * else answers its error before the stream opens), then holds a server-sent event stream fed by LiveHub.
 */
/**
 * An open server-sent event stream for one page: `register` gets the stream's `send` and `close` and returns how to
 * unregister; the stream says `retry`, sends `ready` (with `resync` when the browser reconnects with a Last-Event-ID:
 * changes in between are not replayed, the page refetches), beats every 20 s, and unregisters when the page goes.
 */
function openEventStream<M extends LiveMessage | ResolutionLiveMessage | FileLiveMessage>(
  req: { headers: Record<string, string | string[] | undefined> },
  res: { on(event: 'close', fn: () => void): unknown },
  ready: (resync: boolean) => M,
  register: (io: { send(message: M, seq?: number): void; close(): void }) => () => void,
): FileAnswer {
  const stream = new PassThrough();
  let open = true;
  let unregister: () => void = () => undefined;
  const io = {
    send: (message: M, seq?: number) => {
      if (open) stream.write(sseFrame(message, seq));
    },
    close: () => {
      if (!open) return;
      open = false;
      clearInterval(beat);
      unregister();
      stream.end();
    },
  };
  const beat = setInterval(() => open && stream.write(': ping\n\n'), HEARTBEAT_MS);
  beat.unref();
  res.on('close', () => io.close());
  unregister = register(io);
  const resync = typeof req.headers['last-event-id'] === 'string' && req.headers['last-event-id'] !== '';
  stream.write('retry: 2000\n\n');
  io.send(ready(resync));
  return new FileAnswer(stream, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
}

@Injectable()
export class LiveRoutesImpl {
  constructor(private readonly bus: Bus, private readonly hub: LiveHub) {}

  @Implements(LiveRoutes.meetingLive)
  async meetingLive({ call, params, req, res }: RouteContext<typeof LiveRoutes.meetingLive>): Promise<RouteResult<typeof LiveRoutes.meetingLive>> {
    if (!(await mayListen(this.bus, call, params.id))) throw call.actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('meeting');
    return openEventStream<LiveMessage>(req, res, (resync) => ({ type: 'ready', meetingId: params.id, resync }), (io) => {
      const listener: LiveListener = { call, meetingId: params.id, ...io };
      this.hub.add(listener);
      return () => this.hub.remove(listener);
    });
  }

  /**
   * GET /api/singleDecisions/live: the resolutions page's channel. Any signed-in user may open it; each change of a
   * standalone resolution reaches it only when the meeting service named the user among the resolution's viewers
   * (or the user is an organization administrator), so nothing of another committee's resolutions leaks.
   */
  @Implements(LiveRoutes.resolutionsLive)
  async resolutionsLive({ call, req, res }: RouteContext<typeof LiveRoutes.resolutionsLive>): Promise<RouteResult<typeof LiveRoutes.resolutionsLive>> {
    if (call.actor.kind !== 'user' || call.actor.userId === null) throw new AppError('UNAUTHENTICATED');
    return openEventStream<ResolutionLiveMessage>(req, res, (resync) => ({ type: 'ready', resync }), (io) => {
      const listener: ResolutionListener = { call, ...io };
      this.hub.addResolutions(listener);
      return () => this.hub.removeResolutions(listener);
    });
  }

  /**
   * GET /api/library/:id/live (docs/annotations.md#live): a file's viewers hear of its shared annotations. The
   * library service decides whether the caller may see the file (its ListAnnotations answers, or its 404 is
   * answered before the stream opens); each change reaches only the users its audience names ('all': everyone here).
   */
  @Implements(AnnotationRoutes.fileLive)
  async fileLive({ call, params, query, req, res }: RouteContext<typeof AnnotationRoutes.fileLive>): Promise<RouteResult<typeof AnnotationRoutes.fileLive>> {
    await this.bus.request(ListAnnotations, { ...call, itemId: params.id, meetingId: query.meeting_id });
    return openEventStream<FileLiveMessage>(req, res, (resync) => ({ type: 'ready', itemId: params.id, resync }), (io) => {
      const listener: FileListener = { call, itemId: params.id, ...io };
      this.hub.addFile(listener);
      return () => this.hub.removeFile(listener);
    });
  }

  /**
   * GET /api/meetings/:id/book/live?book= (docs/annotations.md#live): the board book's viewer hears of the marks of
   * its attached files. The minutes service answers the reader's book (404 for who may not see the meeting or the
   * book) with the files the reader may see; the channel listens to each as its own file channel would (the same
   * audience rule: a private mark never reaches another reader, a mark shared with people only those named).
   */
  @Implements(BookAnnotationRoutes.bookAnnotationsLive)
  async bookAnnotationsLive({ call, params, query, req, res }: RouteContext<typeof BookAnnotationRoutes.bookAnnotationsLive>): Promise<RouteResult<typeof BookAnnotationRoutes.bookAnnotationsLive>> {
    const book = await this.bus.request(GetBookSourceAnnotations, { ...call, meetingId: params.id, libraryId: query.book });
    const ids = [...new Set(book.files.map((f) => f.library_id))];
    return openEventStream<FileLiveMessage>(req, res, (resync) => ({ type: 'ready', itemId: query.book, resync }), (io) => {
      const listeners: FileListener[] = ids.map((itemId) => ({ call, itemId, ...io }));
      for (const l of listeners) this.hub.addFile(l);
      return () => {
        for (const l of listeners) this.hub.removeFile(l);
      };
    });
  }
}
