import { downloadName, mayDownload } from './download';

describe('mayDownload: a document of an approval', () => {
  it.each([
    ['new (as sent), a signer', 1, false, false],
    ['partly signed, a signer', 2, false, false],
    ['fully signed, a signer', 3, false, true],
    ['approved, a signer', 4, false, true],
    ['new, the sender', 1, true, true],
    ['partly signed, the sender', 2, true, true],
  ])('%s', (_name, status, sender, ok) => expect(mayDownload({ status }, sender)).toBe(ok));
});

describe('downloadName', () => {
  it.each([
    [1, 'contract.pdf', 'contract.pdf'],
    [2, 'contract.pdf', 'contract-signed.pdf'],
    [3, 'contract.pdf', 'contract-signed.pdf'],
    [4, 'report', 'report-signed.pdf'],
  ])('status %p %s -> %s', (status, name, expected) => expect(downloadName({ status, name })).toBe(expected));
});
