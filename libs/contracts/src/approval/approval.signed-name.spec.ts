import { signedName } from './approval.signed-name';

describe('signedName', () => {
  it.each([
    ['contract.pdf', 'contract-signed.pdf'],
    ['Contract.PDF', 'Contract-signed.PDF'],
    ['board.minutes.v2.pdf', 'board.minutes.v2-signed.pdf'],
    ['no extension', 'no extension-signed.pdf'],
    ['عقد.pdf', 'عقد-signed.pdf'],
    ['.pdf', 'document-signed.pdf'],
    ['  spaced.pdf  ', 'spaced-signed.pdf'],
  ])('%s -> %s', (name, expected) => {
    expect(signedName(name)).toBe(expected);
  });
});
