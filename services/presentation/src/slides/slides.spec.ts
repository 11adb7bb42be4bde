import { keyOfUrl } from './slides.service';
import { parsePdfInfo, pixelsOf, slideKeys, slidePrefix } from './render';

describe('keyOfUrl: the S3 key behind a presigned URL of our bucket', () => {
  it.each([
    ['path style', 'http://127.0.0.1:4569/boardroom/org-1/library/7/v2.pdf?X-Amz-Signature=abc', 'org-1/library/7/v2.pdf'],
    ['encoded characters', 'https://s3.example.test/boardroom/org-1/library/My%20Pack.pdf?x=1', 'org-1/library/My Pack.pdf'],
    ['virtual-hosted style', 'https://boardroom.s3.example.test/org-1/a.pdf?sig=1', 'org-1/a.pdf'],
    ['another bucket', 'https://s3.example.test/other/org-1/a.pdf', null],
    ['only the bucket', 'https://s3.example.test/boardroom/', null],
    ['not a URL', 'not a url', null],
  ])('%s', (_n, url, key) => expect(keyOfUrl(url, 'boardroom')).toBe(key));
});

describe('slide keys', () => {
  it('live under the organization, the document and its version', () => {
    const prefix = slidePrefix('org-1', 7, 'abc123');
    expect(prefix).toBe('org-1/presentation/7/abc123');
    expect(slideKeys(prefix, 2)).toEqual({ slide: 'org-1/presentation/7/abc123/slide-2.png', thumb: 'org-1/presentation/7/abc123/thumb-2.png' });
  });
});

describe('pixelsOf: the pixel cap of slides and thumbnails', () => {
  const A4 = { width: 595, height: 842 };
  it.each([
    ['an A4 page at 110 dpi', A4, { dpi: 110 }, 4096, { x: 909, y: 1286 }],
    ['an A4 thumbnail 240 wide', A4, { width: 240 }, 4096, { x: 240, y: 340 }],
    // 200 inches square (the largest MediaBox PDF allows without UserUnit) at 110 dpi would be 22,000² pixels
    ['a 14,400 pt square page', { width: 14_400, height: 14_400 }, { dpi: 110 }, 4096, { x: 4096, y: 4096 }],
    ['a thin tall page (thumbnail)', { width: 1, height: 14_400 }, { width: 240 }, 4096, { x: 1, y: 4096 }],
    ['a wide page (slide)', { width: 1_000_000, height: 100 }, { dpi: 110 }, 4096, { x: 4096, y: 1 }],
    ['a zero box', { width: 0, height: 0 }, { dpi: 110 }, 4096, { x: 1, y: 1 }],
  ])('%s', (_n, box, want, maxSide, px) => {
    expect(pixelsOf(box, want, maxSide)).toEqual(px);
  });
});

describe('parsePdfInfo', () => {
  it('reads the page count and each page box, rotation applied', () => {
    const out = 'Pages:           2\nPage    1 size:  595.3 x 841.9 pts (A4)\nPage    1 rot:   0\nPage    2 size:  595.3 x 841.9 pts (A4)\nPage    2 rot:   90\nFile size: 1 bytes\n';
    expect(parsePdfInfo(out)).toEqual({ pages: 2, boxes: [{ width: 595.3, height: 841.9 }, { width: 841.9, height: 595.3 }] });
  });
  it('throws without a page count', () => {
    expect(() => parsePdfInfo('Syntax Error')).toThrow(/no page count/);
  });
});
