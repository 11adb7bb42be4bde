import { keyOfUrl } from './slides.service';
import { slideKeys, slidePrefix } from './render';

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
