import type { DownloadPolicy, PolicyLevel } from '@app/contracts';
import { effectivePolicy, mayDownload, type PolicyStep } from './download-policy';

const chain = (org: DownloadPolicy | null, committee: DownloadPolicy | null | undefined, folders: (DownloadPolicy | null)[], file: DownloadPolicy | null): PolicyStep[] => [
  { level: 'organization', policy: org },
  ...(committee === undefined ? [] : [{ level: 'committee' as const, policy: committee }]),
  ...folders.map((policy) => ({ level: 'folder' as const, policy })),
  { level: 'file', policy: file },
];

describe('effectivePolicy: the nearest setting wins', () => {
  const table: [string, PolicyStep[], 'member' | 'guest', DownloadPolicy, PolicyLevel | null][] = [
    ['nothing set anywhere: download', chain(null, null, [null], null), 'member', 'download', null],
    ['the organization only', chain('view_only', null, [null, null], null), 'member', 'view_only', 'organization'],
    ['the committee over the organization', chain('view_only', 'watermarked', [], null), 'member', 'watermarked', 'committee'],
    ['a folder over the committee', chain('view_only', 'watermarked', ['download'], null), 'member', 'download', 'folder'],
    ['the nearest folder over a folder above it', chain(null, undefined, ['view_only', 'watermarked'], null), 'member', 'watermarked', 'folder'],
    ['a folder above, the nearest one inherits', chain(null, undefined, ['view_only', null], null), 'member', 'view_only', 'folder'],
    ['the file over every level', chain('view_only', 'view_only', ['view_only'], 'download'), 'member', 'download', 'file'],
    ['the file may be stricter than its folder', chain('download', undefined, ['download'], 'view_only'), 'member', 'view_only', 'file'],
    ['no committee in the chain (a file outside a meeting)', chain('watermarked', undefined, [], null), 'member', 'watermarked', 'organization'],
    ['a guest reads view only by default', chain('download', undefined, [], 'download'), 'guest', 'view_only', null],
    ['a guest with nothing set', chain(null, undefined, [], null), 'guest', 'view_only', null],
  ];
  it.each(table)('%s', (_name, steps, reader, policy, from) => {
    expect(effectivePolicy(steps, reader)).toEqual({ policy, from });
  });
});

describe('mayDownload', () => {
  it.each([
    ['view_only', false],
    ['download', true],
    ['watermarked', true],
  ] as const)('%s → %s', (p, ok) => expect(mayDownload(p)).toBe(ok));
});
