import { Injectable } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { AppError, LiveRoutes, type LiveMessage, type ResolutionLiveMessage } from '@app/contracts';
import { Bus } from '@app/platform';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';
import { LiveHub, mayListen, type LiveListener, type ResolutionListener } from './live.hub';

/** a comment line every 20 s keeps proxies and the browser from closing a quiet channel */
const HEARTBEAT_MS = 20_000;

/** one server-sent event: the change's sequence as its id (the browser sends it back as Last-Event-ID) */
export function sseFrame(message: LiveMessage | ResolutionLiveMessage, seq?: number): string {
  return `${seq !== undefined ? `id: ${seq}\n` : ''}data: ${JSON.stringify(message)}\n\n`;
}

/**
 * GET /api/meetings/:id/live (docs/meeting.md#live-updates): authorizes the caller for the meeting with the
 * meeting service (a member, the owner, an administrator, or the meeting's own guest by ?token=; anything
 * else answers its error before the stream opens), then holds a server-sent event stream fed by LiveHub.
 */
@Injectable()
export class LiveRoutesImpl {
  constructor(private readonly bus: Bus, private readonly hub: LiveHub) {}

  @Implements(LiveRoutes.meetingLive)
  async meetingLive({ call, params, req, res }: RouteContext<typeof LiveRoutes.meetingLive>): Promise<RouteResult<typeof LiveRoutes.meetingLive>> {
    if (!(await mayListen(this.bus, call, params.id))) throw call.actor.kind === 'guest' ? new AppError('UNAUTHENTICATED') : AppError.notFound('meeting');
    const stream = new PassThrough();
    let open = true;
    const listener: LiveListener = {
      call, meetingId: params.id,
      send: (message, seq) => {
        if (open) stream.write(sseFrame(message, seq));
      },
      close: () => {
        if (!open) return;
        open = false;
        clearInterval(beat);
        this.hub.remove(listener);
        stream.end();
      },
    };
    const beat = setInterval(() => open && stream.write(': ping\n\n'), HEARTBEAT_MS);
    beat.unref();
    res.on('close', () => listener.close());
    this.hub.add(listener);
    // a reconnecting EventSource sends the last id it saw: changes in between are not replayed, the page refetches
    const resync = typeof req.headers['last-event-id'] === 'string' && req.headers['last-event-id'] !== '';
    stream.write('retry: 2000\n\n');
    listener.send({ type: 'ready', meetingId: params.id, resync });
    return new FileAnswer(stream, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
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
    const stream = new PassThrough();
    let open = true;
    const listener: ResolutionListener = {
      call,
      send: (message, seq) => {
        if (open) stream.write(sseFrame(message, seq));
      },
      close: () => {
        if (!open) return;
        open = false;
        clearInterval(beat);
        this.hub.removeResolutions(listener);
        stream.end();
      },
    };
    const beat = setInterval(() => open && stream.write(': ping\n\n'), HEARTBEAT_MS);
    beat.unref();
    res.on('close', () => listener.close());
    this.hub.addResolutions(listener);
    const resync = typeof req.headers['last-event-id'] === 'string' && req.headers['last-event-id'] !== '';
    stream.write('retry: 2000\n\n');
    listener.send({ type: 'ready', resync });
    return new FileAnswer(stream, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
  }
}
