import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Frames built once per broadcast. A room's fan-out sends the same frames to every socket; `ws.send` would frame
 * them again for each one (a header buffer, an options object, a two-chunk write). Here the whole frame, header
 * and payload, is made once (RFC 6455 §5.2: FIN, text, unmasked as a server sends, no extension bits) and each
 * socket gets one write of those bytes. Used only with `perMessageDeflate: false` (compression would need a
 * deflate per socket anyway).
 */
export interface WireFrame {
  /** the JSON text, for a socket that cannot take raw bytes now */
  readonly payload: Buffer;
  /** header and payload as the wire carries them */
  readonly bytes: Buffer;
}

/** one unfragmented, unmasked text frame: the header (2, 4 or 10 bytes) then the payload */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN + opcode 1 (text)
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    out.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(out, head);
  return out;
}

export function wireFrames(texts: string[]): WireFrame[] {
  return texts.map((t) => {
    const payload = Buffer.from(t);
    return { payload, bytes: textFrame(payload) };
  });
}

/** what `ws` keeps on a server socket (ws 8): its net.Socket and its sender, whose queue holds frames it could not write yet */
interface WsInternals {
  _socket?: Duplex | null;
  _sender?: { _queue?: unknown[]; _state?: number } | null;
}

const TEXT = { binary: false } as const;

/**
 * Write prepared frames to an open socket: straight to its TCP socket when `ws` has nothing of its own waiting
 * (its sender idle, nothing queued: then our bytes cannot cut into another frame), else through `ws.send`, which
 * keeps the order behind what it queued.
 */
export function writeFrames(ws: WebSocket, frames: readonly WireFrame[]): void {
  const inner = ws as unknown as WsInternals;
  const socket = inner._socket;
  const sender = inner._sender;
  const idle = !!socket && !!sender && sender._state === 0 && Array.isArray(sender._queue) && sender._queue.length === 0 && socket.writable;
  if (idle) {
    if (frames.length === 1) socket!.write(frames[0].bytes);
    else {
      socket!.cork();
      for (const f of frames) socket!.write(f.bytes);
      socket!.uncork();
    }
    return;
  }
  for (const f of frames) ws.send(f.payload, TEXT);
}
