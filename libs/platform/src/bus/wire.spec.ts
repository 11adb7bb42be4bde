import { randomBytes } from 'node:crypto';
import { COMPRESS_OVER, ENCODING_HEADER, packReply, unpackReply } from './wire';

describe('RPC reply wire format', () => {
  const MiB = 1024 * 1024;
  it.each([
    ['a small reply', JSON.stringify({ ok: true, data: { a: 1 } }), false],
    ['a reply at the threshold', JSON.stringify({ ok: true, data: 'x'.repeat(COMPRESS_OVER - 25) }), false],
    ['a reply over the threshold', JSON.stringify({ ok: true, data: 'y'.repeat(COMPRESS_OVER * 3) }), true],
    ['Arabic text over the threshold', JSON.stringify({ ok: true, data: 'محضر الاجتماع '.repeat(20_000) }), true],
  ])('%s goes and comes back the same (compressed: %s)', (_name, json, compressed) => {
    const packed = packReply(json, MiB)!;
    expect(packed.headers?.get(ENCODING_HEADER) === 'deflate').toBe(compressed);
    if (compressed) expect(packed.data.length).toBeLessThan(json.length / 4);
    expect(unpackReply(packed)).toBe(json);
  });

  it('a reply too big even compressed is not packed', () => {
    // 1.5 MiB of random bytes as base64: 2 MiB of text that deflate cannot bring under 1 MiB
    const text = randomBytes(1.5 * MiB).toString('base64');
    expect(packReply(JSON.stringify({ ok: true, data: text }), MiB)).toBeNull();
  });
});
