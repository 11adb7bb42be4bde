import { act, fireEvent, screen } from '@testing-library/react';
import { Routes, type SealVerification } from '@app/contracts';
import { changeLanguage } from '../../i18n';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { VerifySealPage } from './VerifySealPage';

jest.setTimeout(20_000);

const base: SealVerification = {
  verdict: 'valid', reason: null, seal_intact: true, ours: true, appended: null, signatures: 1,
  organization: { name: 'Acme Board' }, sealed_at: '2026-11-27T10:00:00.000Z', approval: { title: 'Resolution 7', document: 'resolution.pdf' },
  signers: [
    { order: 1, step: 1, name: 'Ann First', guest: false, signed_at: '2026-11-27T09:00:00.000Z' },
    { order: 2, step: 2, name: 'Grace Guest', guest: true, signed_at: '2026-11-27T09:30:00.000Z' },
  ],
  certificate: { subject: 'O=Acme Board, CN=Acme Board approvals', fingerprint: 'ab'.repeat(32) },
};
const answer = (o: Partial<SealVerification>) => jsonResponse(200, { success: true, data: Routes.verifySeal.response.parse({ ...base, ...o }) });

function choose(name = 'sealed.pdf') {
  const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: 'application/pdf' });
  fireEvent.change(screen.getByTestId('verify-file'), { target: { files: [file] } });
}

beforeEach(() => {
  window.localStorage.clear();
  session.clear();
});

describe('the verification page (no sign-in)', () => {
  it('empty: nothing chosen, Verify disabled, no request', async () => {
    const calls = installFetch();
    renderWithApp(<VerifySealPage />);
    expect(screen.getByTestId('verify-file-name')).toHaveTextContent('No PDF chosen yet.');
    expect(screen.getByTestId('verify-submit')).toBeDisabled();
    expect(calls.filter((c) => c.path.startsWith('/api/approvals/verify'))).toHaveLength(0);
  });

  it('valid: loading while it checks, then the organization, the time and the signers in order; the PDF went as the file field without a token', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = installFetch(on('POST', '/api/approvals/verify', async () => {
      await gate;
      return answer({});
    }));
    renderWithApp(<VerifySealPage />);
    choose();
    expect(screen.getByTestId('verify-file-name')).toHaveTextContent('sealed.pdf');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('verify-loading')).toHaveTextContent('Checking the seal');
    release();
    const verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveAttribute('data-verdict', 'valid');
    expect(screen.getByTestId('verify-verdict-tag')).toHaveTextContent('Valid seal');
    expect(screen.getByTestId('verify-organization')).toHaveTextContent('Acme Board');
    expect(screen.getByTestId('verify-sealed-at')).toHaveTextContent('2026');
    expect(screen.getAllByTestId('verify-signer').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Ann First (member)'),
      expect.stringContaining('Grace Guest (guest)'),
    ]);
    expect(screen.queryByTestId('verify-loading')).toBeNull();
    const call = calls.find((c) => c.path === '/api/approvals/verify')!;
    expect(call.headers.token).toBeUndefined();
    expect((call.body as Record<string, File>).file.name).toBe('sealed.pdf');
  });

  it('changed after sealing: the warning names how much was added', async () => {
    installFetch(on('POST', '/api/approvals/verify', () => answer({ verdict: 'changed_after_sealing', appended: { bytes: 312, revisions: 1, xref_sections: 1 } })));
    renderWithApp(<VerifySealPage />);
    choose();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'changed_after_sealing');
    expect(screen.getByTestId('verify-verdict-tag')).toHaveTextContent('Changed after sealing');
    expect(screen.getByTestId('verify-detail')).toHaveTextContent('312 bytes were added after it (1 later revision(s))');
  });

  it.each([
    ['digest_mismatch', 'The document was changed after it was sealed.'],
    ['no_signature', 'This PDF has no seal.'],
    ['not_our_seal', 'The PDF is signed, but not with a seal of this platform.'],
  ] as const)('not valid (%s): the reason, no organization, no sealing time and no signers', async (reason, text) => {
    installFetch(on('POST', '/api/approvals/verify', () => answer({ verdict: 'not_valid', reason, ours: false, seal_intact: false, organization: null, signers: [], approval: null })));
    renderWithApp(<VerifySealPage />);
    choose();
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'not_valid');
    expect(screen.getByTestId('verify-detail')).toHaveTextContent(text);
    expect(screen.queryByTestId('verify-organization')).toBeNull();
    // the time a broken or foreign signature claims is not shown as a fact
    expect(screen.queryByTestId('verify-sealed-at')).toBeNull();
    expect(screen.queryByTestId('verify-signers')).toBeNull();
  });

  it('error: the server refuses the file (415) and says why; another file can be tried', async () => {
    installFetch(on('POST', '/api/approvals/verify', () => jsonResponse(415, { success: false, message: 'Only a PDF can be verified.' })));
    renderWithApp(<VerifySealPage />);
    choose('photo.png');
    fireEvent.click(screen.getByTestId('verify-submit'));
    expect(await screen.findByTestId('verify-error')).toHaveTextContent('Only a PDF can be verified.');
    expect(screen.queryByTestId('verify-verdict')).toBeNull();
    expect(screen.getByTestId('verify-submit')).not.toBeDisabled();
  });

  it('Arabic: right to left, the texts in Arabic', async () => {
    installFetch(on('POST', '/api/approvals/verify', () => answer({})));
    await act(() => changeLanguage('ar'));
    try {
      renderWithApp(<VerifySealPage />);
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('التحقق من ملف PDF مختوم');
      choose();
      fireEvent.click(screen.getByTestId('verify-submit'));
      expect(await screen.findByTestId('verify-verdict-tag')).toHaveTextContent('ختم صالح');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
