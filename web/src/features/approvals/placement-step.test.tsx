import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Routes, type LibraryFetch } from '@app/contracts';
import { session } from '../../api/session';
import { answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import type { PdfHandle, PdfOpener } from '../viewers/pdf-engine';
import { initialBox } from './placement-math';
import { PlacementStep, type DraftBox, type Signer } from './PlacementStep';

jest.setTimeout(30_000);

const A4 = { width: 595, height: 842 };
const opener: PdfOpener = async () => ({ pages: 2, size: async () => A4, render: async () => undefined, outline: async () => [], destroy: () => undefined }) as PdfHandle;
const file: LibraryFetch = {
  id: 11, name: 'contract.pdf', size: 100, kind: 'pdf', type: 'application/pdf', can_edit: true, file_url: 'https://s3.test/contract.pdf',
  outlines_data: { libraryName: 'contract.pdf', entries: [] }, message: null, conversion: { status: 'done', progress: 100 }, text_index: { status: 'done', pages: 2, truncated: false },
  download_policy: 'download', can_download: true, watermark: null,
};
const SIGNERS: Signer[] = [{ key: 'u:1', label: 'Ada Chair' }, { key: 'u:2', label: 'Bob Member' }];

/** the step with the create page's state around it; Bob's box is already on the default spot of page 1 */
function Harness() {
  const [boxes, setBoxes] = useState<DraftBox[]>([{ key: 'b1', signer: 'u:2', libraryId: 11, page: 1, pageWidth: A4.width, pageHeight: A4.height, ...initialBox(A4, 0.5) }]);
  return <PlacementStep docs={[{ id: 11, name: 'contract.pdf' }]} signers={SIGNERS} boxes={boxes} onChange={setBoxes} opener={opener} />;
}

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe("the create flow's placement step: signers' boxes apart and in their own colours (issue 25)", () => {
  it('a box added from the keyboard does not land on the other signer\'s box, and each signer has a colour', async () => {
    installFetch(on('GET', /\/api\/library\/fetch\/11/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, file))));
    renderWithApp(<Harness />);
    await waitFor(() => expect(screen.getAllByTestId('placement-box-signature')).toHaveLength(1));
    // Ada (the first signer) is chosen: Enter on the chip adds her box at the default spot, where Bob's is
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('placement-chip-signature'), { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getAllByTestId('placement-box-signature')).toHaveLength(2));
    const [bob, ada] = screen.getAllByTestId('placement-box-signature');
    const [bx, by, bw, bh] = bob.getAttribute('data-box')!.split(',').map(Number);
    const [ax, ay, aw, ah] = ada.getAttribute('data-box')!.split(',').map(Number);
    const overlap = ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
    expect({ overlap, size: [aw, ah] }).toEqual({ overlap: false, size: [180, 60] });
    expect(ada.getAttribute('data-color')).not.toBe(bob.getAttribute('data-color'));
    expect(ada).toHaveTextContent('Ada Chair');
    expect(bob).toHaveTextContent('Bob Member');
  });
});

describe('the placement step opens each document through the library with the shared PDF hook', () => {
  /** an opener that records what it opened and destroyed; pages per URL */
  function recording(pagesOf: Record<string, number>) {
    const opened: string[] = [];
    const destroyed: string[] = [];
    const open: PdfOpener = async ({ url }) => {
      opened.push(url);
      if (!(url in pagesOf)) throw new Error('not a PDF');
      return { pages: pagesOf[url], size: async () => A4, render: async () => undefined, outline: async () => [], destroy: () => destroyed.push(url) } as PdfHandle;
    };
    return { open, opened, destroyed };
  }
  const two = [{ id: 11, name: 'contract.pdf' }, { id: 12, name: 'annex.pdf' }];
  const fetches = () =>
    installFetch(
      on('GET', /\/api\/library\/fetch\/11/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, file))),
      on('GET', /\/api\/library\/fetch\/12/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, { ...file, id: 12, name: 'annex.pdf', file_url: 'https://s3.test/annex.pdf' }))),
      on('GET', /\/api\/library\/fetch\/13/, () => jsonResponse(200, answerOf(Routes.fetchLibraryFile, { ...file, id: 13, name: 'broken.pdf', file_url: 'https://s3.test/broken.pdf' }))),
    );

  it('another document opens its own URL (its page count), the first one destroyed', async () => {
    fetches();
    const pdf = recording({ 'https://s3.test/contract.pdf': 2, 'https://s3.test/annex.pdf': 5 });
    renderWithApp(<PlacementStep docs={two} signers={SIGNERS} boxes={[]} onChange={() => undefined} opener={pdf.open} />);
    await waitFor(() => expect(screen.getByTestId('placement-page-of')).toHaveTextContent('Page 1 of 2'));
    fireEvent.click(screen.getByTestId('placement-document'));
    fireEvent.click(await screen.findByText('annex.pdf'));
    await waitFor(() => expect(screen.getByTestId('placement-page-of')).toHaveTextContent('Page 1 of 5'));
    expect(pdf.opened).toEqual(['https://s3.test/contract.pdf', 'https://s3.test/annex.pdf']);
    expect(pdf.destroyed).toEqual(['https://s3.test/contract.pdf']);
  });

  it('a document that does not open says which and why', async () => {
    fetches();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const pdf = recording({});
    renderWithApp(<PlacementStep docs={[{ id: 13, name: 'broken.pdf' }]} signers={SIGNERS} boxes={[]} onChange={() => undefined} opener={pdf.open} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process broken.pdf: not a PDF');
    expect(errors).toHaveBeenCalledWith('placement pdf open', expect.any(Error));
  });
});
