import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { headers as natsHeaders, type Msg, type MsgHdrs } from '@nats-io/transport-node';

/**
 * How an RPC reply travels. NATS refuses a message above the server's `max_payload` (1 MiB by default) and the
 * client library throws where the reply is sent, so a big answer (a meeting with hundreds of decisions) must never
 * reach `respond` as it is: a reply above COMPRESS_OVER bytes is deflated (JSON shrinks about ten times) and marked
 * with a header; one that is still too big is not sent at all (the caller answers it as an internal error).
 */
export const COMPRESS_OVER = 64 * 1024;
export const ENCODING_HEADER = 'content-encoding';
/** room left for the headers (correlation, trace) beside the payload */
const HEADER_ROOM = 4096;

const enc = new TextEncoder();
const dec = new TextDecoder();

export interface PackedReply {
  data: Uint8Array;
  headers?: MsgHdrs;
}

/** the JSON text of a reply as it goes on the wire, or null when even compressed it exceeds `maxPayload` */
export function packReply(json: string, maxPayload: number): PackedReply | null {
  const plain = enc.encode(json);
  if (plain.length <= COMPRESS_OVER) return { data: plain };
  const packed = deflateRawSync(plain, { level: 1 });
  if (packed.length > maxPayload - HEADER_ROOM) return null;
  const headers = natsHeaders();
  headers.set(ENCODING_HEADER, 'deflate');
  return { data: packed, headers };
}

/** the JSON text of a reply received */
export function unpackReply(msg: Pick<Msg, 'data' | 'headers'>): string {
  const deflated = msg.headers?.get(ENCODING_HEADER) === 'deflate';
  return deflated ? inflateRawSync(msg.data).toString('utf8') : dec.decode(msg.data);
}
