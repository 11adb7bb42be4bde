import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Routes } from '@app/contracts';
import type { SigningPageData } from '../../api/approvals';
import { session } from '../../api/session';
import { profileBody } from '../../test/app';
import { anOrgRoot } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import type { PdfHandle, PdfOpener } from '../viewers/pdf-engine';
import { rejectHeld, safeReturnUrl, signData, SigningView, unsigned, DEFAULT_APPEARANCE, type PlacedBox } from './SigningPage';
import { assigneesOf } from './PlacementStep';

jest.setTimeout(30_000);

const A4 = { width: 595, height: 842 };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function aPage(o: Partial<SigningPageData> = {}): SigningPageData {
  const doc = { id: 1, library_id: 11, name: 'contract.pdf', status: 1 as const, version: 1, url: 'https://s3.test/contract.pdf', pages: [A4, A4, A4] };
  const p: SigningPageData = {
    id: 7, title: 'Supplier contract', status: 'pending', document: doc, documents: [doc], can_sign: true, can_download: false, can_save: true, note: null,
    approval_mode: 'new', sender: false, me: { assignee_id: 21, name: 'Ada Signer', title: 'Chair', guest: false },
    assignees: [{ id: 21, name: 'Ada Signer', guest: false, order: 1, status: 1 }],
    signatures: [{ id: 5, type: 'signature', title: 'Mine', payload: PNG, created_at: '2026-03-01 10:00:00' }],
    placements: [],
    ...o,
  };
  // the fixture is the contract's shape
  return Routes.signingDocument.response.parse({ success: true, payload: p }).payload;
}

/** pdf.js stands aside: jsdom has no canvas; the pages "draw" at once */
const opener: PdfOpener = async () => ({ pages: 3, size: async () => A4, render: async () => undefined, outline: async () => [], destroy: () => undefined }) as PdfHandle;

/** jsdom has no PointerEvent: React reads pointer events from mouse events of the same name */
const pointer = (el: Element | Window, type: string, x: number, y: number) => act(() => void el.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 })));

function show(page: SigningPageData, path = '/app/activity/approval/7/sign?returnUrl=%2Fapp%2Factivity%2Fapproval%2F7', timeZone = 'UTC') {
  const calls = installFetch(
    on('GET', '/api/', () => jsonResponse(200, anOrgRoot({}, { time_zone: timeZone }))),
    on('GET', '/api/profile', () => jsonResponse(200, profileBody([]))),
    on('GET', '/api/documents/7', () => jsonResponse(200, { success: true, payload: page })),
    on('POST', '/api/documents/7', () => jsonResponse(200, { success: true, message: 'Document signed successfully', payload: { ...page, status: 'partly signed', can_sign: false } })),
  );
  renderWithApp(<SigningView id={7} guest={null} opener={opener} />, { path });
  return calls;
}
const boxes = (kind = 'signature') => screen.queryAllByTestId(`placement-box-${kind}`);
const boxOf = (el: Element) => el.getAttribute('data-box')!.split(',').map(Number);

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('safeReturnUrl: only a path of this site', () => {
  it.each<[string | null, string | null]>([
    ['/app/activity/approval/7', '/app/activity/approval/7'],
    ['/app/activity/meetings/3?tab=approvals', '/app/activity/meetings/3?tab=approvals'],
    ['//evil.test/x', null],
    ['/\\evil.test', null],
    ['https://evil.test', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%p -> %p', (v, want) => expect(safeReturnUrl(v)).toBe(want));
});

describe('the sign post and the every-document rule', () => {
  const docs = [aPage().documents[0], { ...aPage().documents[0], id: 2, library_id: 12, name: 'annex.pdf', pages: [{ width: 612, height: 792 }] }];
  const box = (o: Partial<PlacedBox>): PlacedBox => ({ key: 'k', kind: 'signature', libraryId: 11, page: 1, px: 10.123, py: 20, width: 100, height: 50, ...o });
  it('boxes become placements in points of their own page, the appearance on signatures only', () => {
    expect(signData([box({}), box({ key: 's', kind: 'stamp', libraryId: 12 })], docs, { ...DEFAULT_APPEARANCE, applyToAll: true })).toEqual([
      { id: 'k', library_id: 11, pageNum: 1, type: 'signature', px: 10.12, py: 20, width: 100, height: 50, pageWidth: 595, pageHeight: 842, options: { ...DEFAULT_APPEARANCE, applyToAll: true } },
      { id: 's', library_id: 12, pageNum: 1, type: 'stamp', px: 10.12, py: 20, width: 100, height: 50, pageWidth: 612, pageHeight: 792, options: { applyToAll: true } },
    ]);
  });
  it.each<[string, PlacedBox[], number[]]>([
    ['nothing placed', [], [11, 12]],
    ['one each', [box({}), box({ libraryId: 12 })], []],
    ['a stamp is not a signature', [box({}), box({ libraryId: 12, kind: 'stamp' })], [12]],
  ])('%s', (_n, b, want) => expect(unsigned(b, docs)).toEqual(want));
  it('a committee of the form is each of its members; a guest is matched by e-mail', () => {
    const rows = [
      { id: 1, user_id: 5, user_email: 'a@x.test', committee_id: null, guest: false },
      { id: 2, user_id: 6, user_email: 'b@x.test', committee_id: 9, guest: false },
      { id: 3, user_id: 7, user_email: 'c@x.test', committee_id: 9, guest: false },
      { id: 4, user_id: null, user_email: 'guest@x.test', committee_id: null, guest: true },
    ];
    expect(assigneesOf('u:5', rows)).toEqual([1]);
    expect(assigneesOf('c:9', rows)).toEqual([2, 3]);
    expect(assigneesOf('g:Guest@X.test', rows)).toEqual([4]);
  });
});

describe('the signing page', () => {
  it('pages through the document: page x of y, previous and next', async () => {
    show(aPage());
    expect(await screen.findByTestId('signing-page-of')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('signing-prev')).toBeDisabled();
    fireEvent.click(screen.getByTestId('signing-next'));
    fireEvent.click(screen.getByTestId('signing-next'));
    expect(screen.getByTestId('signing-page-of')).toHaveTextContent('Page 3 of 3');
    expect(screen.getByTestId('signing-next')).toBeDisabled();
  });

  it('Sign places the chosen signature at the default box; save stays off until then; Save signs and goes to returnUrl', async () => {
    const calls = show(aPage());
    await screen.findByTestId('placement-page');
    expect(screen.getByTestId('signing-save')).toBeDisabled();
    fireEvent.click(screen.getByTestId('signing-sign'));
    fireEvent.click(await screen.findByText('Saved signatures'));
    fireEvent.click(await screen.findByAltText('Mine'));
    fireEvent.click(screen.getByTestId('signature-submit'));
    await waitFor(() => expect(boxes()).toHaveLength(1));
    // a signature's size (180 x 60 points), centred, its top at height / 2.8
    expect(boxOf(boxes()[0])).toEqual([207.5, 300.7, 180, 60]);
    expect(screen.getByTestId('signing-reject')).toBeDisabled();
    expect(screen.getByTestId('signing-save')).toBeEnabled();
    fireEvent.click(screen.getByTestId('signing-save'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/app\/activity\/approval\/7$/));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual(expect.objectContaining({ id: 7, action: 'sign', signature_id: 5, has_returnurl: true }));
    expect((post.body as { sign_data: unknown[] }).sign_data).toEqual([expect.objectContaining({ library_id: 11, pageNum: 1, type: 'signature', px: 207.5, width: 180, pageWidth: 595, pageHeight: 842 })]);
  });

  it('a box dragged from the palette lands where it is dropped; it moves and resizes; delete signature removes it', async () => {
    show(aPage());
    const page = await screen.findByTestId('placement-page');
    jest.spyOn(page, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, right: 595, bottom: 842, width: 595, height: 842, x: 0, y: 0, toJSON: () => ({}) });
    const chip = screen.getByTestId('placement-chip-signature');
    pointer(chip, 'pointerdown', 700, 50);
    pointer(window, 'pointermove', 300, 400);
    pointer(window, 'pointerup', 300, 400);
    await waitFor(() => expect(boxes()).toHaveLength(1));
    // centred on the drop point: 180 x 60 around (300, 400)
    expect(boxOf(boxes()[0])).toEqual([210, 370, 180, 60]);
    // no signature chosen yet: it is asked for
    expect(await screen.findByTestId('signature-dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Cancel'));

    const box = boxes()[0];
    pointer(box, 'pointerdown', 200, 400);
    pointer(box, 'pointermove', 150, 300);
    pointer(box, 'pointerup', 150, 300);
    expect(boxOf(boxes()[0])).toEqual([160, 270, 180, 60]);
    const handle = screen.getByTestId('placement-box-handle');
    pointer(handle, 'pointerdown', 340, 330);
    pointer(handle, 'pointermove', 300, 320);
    pointer(handle, 'pointerup', 300, 320);
    expect(boxOf(boxes()[0])).toEqual([160, 270, 140, 50]);

    expect(screen.getByTestId('signing-reject')).toBeDisabled();
    fireEvent.click(screen.getByTestId('signing-delete-signature'));
    expect(boxes()).toHaveLength(0);
    expect(screen.getByTestId('signing-reject')).toBeEnabled();
  });

  it('boxes the sender placed for the caller are where the page starts; a stamp needs its image before saving', async () => {
    const placed = { id: 3, library_id: 11, assignee_id: 21, pageNum: 2, type: 'signature' as const, px: 50, py: 60, width: 200, height: 80, pageWidth: 595, pageHeight: 842, options: DEFAULT_APPEARANCE };
    const other = { ...placed, id: 4, assignee_id: 99 };
    show(aPage({ placements: [placed, other] }));
    await screen.findByTestId('placement-page');
    expect(boxes()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('signing-next'));
    await waitFor(() => expect(boxes()).toHaveLength(1));
    expect(boxOf(boxes()[0])).toEqual([50, 60, 200, 80]);
    // the stamp chip clicked: a stamp at the default box, and its picture asked for
    pointer(screen.getByTestId('placement-chip-stamp'), 'pointerdown', 10, 10);
    pointer(window, 'pointerup', 10, 10);
    await waitFor(() => expect(boxes('stamp')).toHaveLength(1));
    expect(await screen.findByText('Your stamp')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Cancel'));
    fireEvent.click(screen.getByTestId('signing-sign'));
    fireEvent.click(await screen.findByText('Saved signatures'));
    fireEvent.click(await screen.findByAltText('Mine'));
    fireEvent.click(screen.getByTestId('signature-submit'));
    await waitFor(() => expect(screen.getByTestId('signing-page')).toHaveAttribute('data-boxes', '2'));
    // the stamp has no picture yet
    expect(screen.getByTestId('signing-save')).toBeDisabled();
    fireEvent.click(screen.getByTestId('signing-delete-stamp'));
    expect(screen.getByTestId('signing-save')).toBeEnabled();
  });

  it('the appearance modal writes the chosen lines beside the signature', async () => {
    show(aPage());
    await screen.findByTestId('placement-page');
    fireEvent.click(screen.getByTestId('signing-sign'));
    fireEvent.click(await screen.findByText('Saved signatures'));
    fireEvent.click(await screen.findByAltText('Mine'));
    fireEvent.click(screen.getByTestId('signature-submit'));
    await waitFor(() => expect(boxes()).toHaveLength(1));
    expect(boxes()[0]).toHaveTextContent('Ada Signer');
    fireEvent.click(screen.getByTestId('signing-appearance'));
    fireEvent.click(await screen.findByLabelText('Title'));
    fireEvent.click(screen.getByTestId('appearance-apply'));
    await waitFor(() => expect(boxes()[0]).toHaveTextContent('Chair'));
  });

  it.each([
    // 22:30 UTC on 1 March is already 2 March in Riyadh (UTC+3) and still 1 March in New York (UTC-5)
    ['Asia/Riyadh', '2026-03-02', '2026-03-01'],
    ['America/New_York', '2026-03-01', '2026-03-02'],
  ])("the date beside the signature is the organization's day, as the server stamps it (%s)", async (zone, day, notDay) => {
    jest.useFakeTimers({ now: new Date('2026-03-01T22:30:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'] });
    try {
      show(aPage(), undefined, zone);
      await screen.findByTestId('placement-page');
      fireEvent.click(screen.getByTestId('signing-sign'));
      fireEvent.click(await screen.findByText('Saved signatures'));
      fireEvent.click(await screen.findByAltText('Mine'));
      fireEvent.click(screen.getByTestId('signature-submit'));
      await waitFor(() => expect(boxes()[0]).toHaveTextContent(day));
      expect(boxes()[0]).not.toHaveTextContent(notDay);
    } finally {
      jest.useRealTimers();
    }
  });

  it('Reject is enabled from the start when only the sender placed a box (issue 25.10); choosing a signature holds it', async () => {
    const placed = { id: 3, library_id: 11, assignee_id: 21, pageNum: 1, type: 'signature' as const, px: 50, py: 60, width: 180, height: 60, pageWidth: 595, pageHeight: 842, options: DEFAULT_APPEARANCE };
    show(aPage({ placements: [placed] }));
    await screen.findByTestId('placement-page');
    await waitFor(() => expect(boxes()).toHaveLength(1));
    expect(screen.getByTestId('signing-reject')).toBeEnabled();
    fireEvent.click(screen.getByTestId('signing-sign'));
    fireEvent.click(await screen.findByText('Saved signatures'));
    fireEvent.click(await screen.findByAltText('Mine'));
    fireEvent.click(screen.getByTestId('signature-submit'));
    await waitFor(() => expect(screen.getByTestId('signing-reject')).toBeDisabled());
  });

  it('rejectHeld: the sender\'s boxes alone do not hold Reject', () => {
    const b = (key: string): PlacedBox => ({ key, kind: 'signature', libraryId: 11, page: 1, px: 0, py: 0, width: 10, height: 10 });
    expect(rejectHeld([], false)).toBe(false);
    expect(rejectHeld([b('p3'), b('p4')], false)).toBe(false);
    expect(rejectHeld([b('p3'), b('b1')], false)).toBe(true);
    expect(rejectHeld([b('p3')], true)).toBe(true);
  });

  it('a preview before one\'s turn: the document with the caller\'s box, the note, no tools', async () => {
    const placed = { id: 3, library_id: 11, assignee_id: 21, pageNum: 1, type: 'signature' as const, px: 50, py: 60, width: 180, height: 60, pageWidth: 595, pageHeight: 842, options: DEFAULT_APPEARANCE };
    show(aPage({ can_sign: false, note: 'You cannot sign yet: an earlier step has not signed.', placements: [placed] }));
    expect(await screen.findByTestId('signing-note')).toHaveTextContent('You cannot sign yet');
    await screen.findByTestId('placement-page');
    await waitFor(() => expect(boxes()).toHaveLength(1));
    expect(boxOf(boxes()[0])).toEqual([50, 60, 180, 60]);
    expect(screen.queryByTestId('signing-reject')).toBeNull();
  });

  it('when the caller may not sign: the note, no tools', async () => {
    show(aPage({ can_sign: false, note: 'You cannot sign yet: an earlier step has not signed.' }));
    expect(await screen.findByTestId('signing-note')).toHaveTextContent('You cannot sign yet');
    expect(screen.queryByTestId('signing-save')).toBeNull();
    expect(screen.queryByTestId('signing-palette')).toBeNull();
  });
});
