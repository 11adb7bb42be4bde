import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingDetails, MeetingItemKind } from '@app/contracts';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on, type Call } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aDecision, aMeeting, anAction, aTalkingPoint, ok, permissions } from '../decisions/fixtures';
import { MeetingDetailsPage } from '../MeetingDetailsPage';
import { findLinkedItem, type LinkedItem } from './item-links';

// docs/decisions.md#links-to-an-agenda-item: a link opens the item it names wherever the page shows it

/**
 * Talking point 5 holds resolution 31 (its own), resolution 32 (on its sub-point 6) and action 41; resolution 11 and
 * action 21 have cards of their own; resolution 51 is archived (hidden). Talking point 31 numbers apart from resolution 31.
 */
const tp5 = aTalkingPoint({
  id: 5,
  title: 'Budget',
  subpoints: [{ id: 6, sub_id: 6, subpoint_id: 6, meeting_talking_point_id: 5, title: 'Capital spending', description: null, duration: 10, presenter: null, subpoint_viewers: [], attachments: [], decision: [aDecision({ id: 32, title: 'Approve the capital plan', talkingpoint_id: 5, talkingpoint_subpoint_id: 6 })], comments: [], rownum: 1 }],
  decisions: [aDecision({ id: 31, title: 'Adopt the 2027 budget', talkingpoint_id: 5 })],
  actions: [anAction({ id: 41, title: 'Publish the budget', talkingpoint_id: 5 })],
});
const meeting = aMeeting({
  agendas: [
    { agenda_type: 'talking_point', agenda_type_id: 5, row_num: 1, data: [tp5] },
    { agenda_type: 'decision', agenda_type_id: 11, row_num: 2, data: [aDecision({ id: 11 })] },
    { agenda_type: 'action', agenda_type_id: 21, row_num: 3, data: [anAction({ id: 21 })] },
    { agenda_type: 'talking_point', agenda_type_id: 31, row_num: 4, data: [aTalkingPoint({ id: 31, title: 'Any other business' })] },
  ],
  archived_decisions: [aDecision({ id: 51, title: 'Rename the committee', is_visible: 0 })],
});

describe('findLinkedItem: where a link lands', () => {
  const at = (kind: MeetingItemKind, id: number, place: LinkedItem['place'], parent: number | null, scrollTo = `_${kind}-${id}`): LinkedItem => ({ kind, id, place, parent, scrollTo });
  it.each<[string, { kind: MeetingItemKind | null; id: number }, boolean, LinkedItem | null]>([
    ['an agenda card', { kind: 'decision', id: 11 }, true, at('decision', 11, 'agenda', null)],
    ['an action card', { kind: 'action', id: 21 }, true, at('action', 21, 'agenda', null)],
    ["a talking point's own resolution", { kind: 'decision', id: 31 }, true, at('decision', 31, 'talking_point', 5)],
    ["a resolution on a talking point's sub-point", { kind: 'decision', id: 32 }, true, at('decision', 32, 'talking_point', 5)],
    ["a talking point's action", { kind: 'action', id: 41 }, true, at('action', 41, 'talking_point', 5)],
    ['an archived resolution', { kind: 'decision', id: 51 }, true, at('decision', 51, 'archived', null, 'archived-decisions')],
    ['an archived resolution where the page has no archived card (a guest)', { kind: 'decision', id: 51 }, false, null],
    ['an id of no item', { kind: 'decision', id: 99 }, true, null],
    ['an action id that is a resolution', { kind: 'action', id: 31 }, true, null],
    ['a talking point id that is a nested action', { kind: 'talking_point', id: 41 }, true, null],
    // old links: the agenda cards first (talking point 31 before resolution 31 inside talking point 5), then the nested items, then archived
    ['an old link whose id has a card', { kind: null, id: 31 }, true, at('talking_point', 31, 'agenda', null)],
    ['an old link to a nested resolution', { kind: null, id: 32 }, true, at('decision', 32, 'talking_point', 5)],
    ['an old link to a nested action', { kind: null, id: 41 }, true, at('action', 41, 'talking_point', 5)],
    ['an old link to an archived resolution', { kind: null, id: 51 }, true, at('decision', 51, 'archived', null, 'archived-decisions')],
    ['an old link to nothing', { kind: null, id: 99 }, true, null],
  ])('%s', (_name, ref, archived, expected) => {
    expect(findLinkedItem(meeting, ref, { archived })).toEqual(expected);
  });
});

describe('the meeting page opened by a link to an item', () => {
  let scrolled: string[] = [];
  const scrollIntoView = Element.prototype.scrollIntoView;
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'grace@example.com' });
    scrolled = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
  });
  afterEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  function open(hash: string, opts: { guest?: boolean; details?: MeetingDetails } = {}): { calls: Call[]; unmount(): void } {
    const calls = installFetch(
      on('GET', '/api/meetings/1', () => jsonResponse(200, ok(opts.details ?? meeting))),
      on('GET', '/api/decisions/31', () => jsonResponse(200, ok(aDecision({ id: 31, title: 'Adopt the 2027 budget', talkingpoint_id: 5 })))),
      on('GET', '/api/decisions/32', () => jsonResponse(200, ok(aDecision({ id: 32, title: 'Approve the capital plan', talkingpoint_id: 5, talkingpoint_subpoint_id: 6 })))),
      on('GET', '/api/decisions/51', () => jsonResponse(200, ok(aDecision({ id: 51, title: 'Rename the committee', is_visible: 0 })))),
      on('GET', '/api/actions/41', () => jsonResponse(200, ok(anAction({ id: 41, title: 'Publish the budget', talkingpoint_id: 5 })))),
      on('GET', '/api/meetings/1/talkingpoints/5', () => jsonResponse(200, ok(tp5))),
      on('GET', '/api/meetings/1/talkingpoints/31', () => jsonResponse(200, ok(aTalkingPoint({ id: 31, title: 'Any other business' })))),
    );
    const { unmount } = opts.guest
      ? renderWithApp(<MeetingDetailsPage guest />, { path: `/meeting/1?token=gt${hash}`, route: '/meeting/:meetingId' })
      : renderWithApp(<MeetingDetailsPage />, { path: `/app/activity/meetings/1${hash}`, route: '/app/activity/meetings/:meetingId' });
    return { calls, unmount };
  }
  const items = (calls: Call[]) => calls.filter((c) => /^\/api\/(decisions|actions)\/|^\/api\/meetings\/1\/talkingpoints\//.test(c.path)).map((c) => c.path.split('?')[0]);
  const noDialogs = () => ['decision-dialog', 'action-dialog', 'tp-dialog'].map((id) => screen.queryByTestId(id));

  it("a resolution inside a talking point opens with its ballot, scrolled to its line in the talking point's card", async () => {
    const { calls } = open('#_decision-31');
    const dialog = await screen.findByTestId('decision-dialog');
    expect(dialog).toHaveTextContent('Adopt the 2027 budget');
    expect(await within(dialog).findByTestId('decision-vote')).toBeInTheDocument();
    // the line the page scrolled to is in talking point 5's card
    expect(scrolled).toEqual(['_decision-31']);
    expect(document.getElementById('_decision-31')!.closest('[data-testid="agenda-item"]')).toHaveAttribute('data-agenda-key', 'talking_point:5');
    expect(document.getElementById('_decision-31')).toHaveTextContent('Resolution: Adopt the 2027 budget');
    // the dialog holds the focus (a screen reader reads its title); only the resolution was asked for
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    expect(screen.queryByTestId('tp-dialog')).toBeNull();
    expect(items(calls)).toEqual(['/api/decisions/31']);
    expect(screen.queryByTestId('item-link-missing')).toBeNull();
  });

  it("a resolution on a talking point's sub-point opens too", async () => {
    open('#_decision-32');
    expect(await screen.findByTestId('decision-dialog')).toHaveTextContent('Approve the capital plan');
    expect(scrolled).toEqual(['_decision-32']);
  });

  it('an action inside a talking point opens in the action dialog', async () => {
    const { calls } = open('#_action-41');
    const dialog = await screen.findByTestId('action-dialog');
    expect(await within(dialog).findByTestId('action-details')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Publish the budget');
    expect(scrolled).toEqual(['_action-41']);
    expect(items(calls)).toEqual(['/api/actions/41']);
  });

  it('an archived resolution opens, scrolled to the archived resolutions card', async () => {
    const { calls } = open('#_decision-51');
    expect(await screen.findByTestId('decision-dialog')).toHaveTextContent('Rename the committee');
    expect(scrolled).toEqual(['archived-decisions']);
    expect(document.getElementById('archived-decisions')).toHaveAttribute('data-testid', 'archived-decisions-card');
    expect(items(calls)).toEqual(['/api/decisions/51']);
  });

  it('an item the meeting does not show opens nothing and says so, until the notice is closed', async () => {
    const { calls } = open('#_decision-99');
    const notice = await screen.findByTestId('item-link-missing');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('The item this link points to is no longer in this meeting, or you cannot see it.');
    expect(screen.getByTestId('agenda-list')).toBeInTheDocument();
    expect(noDialogs()).toEqual([null, null, null]);
    expect(items(calls)).toEqual([]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('item-link-missing')).toBeNull();
  });

  it('a guest has no archived card: a link to an archived resolution tells the notice', async () => {
    const guestView = { ...meeting, permissions: permissions({ level: 'participant', isGuest: true, createItems: false }) };
    open('#_decision-51', { guest: true, details: guestView });
    expect(await screen.findByTestId('item-link-missing')).toBeInTheDocument();
    expect(noDialogs()).toEqual([null, null, null]);
  });

  it.each([
    ['ar', 'العنصر الذي يشير إليه هذا الرابط لم يعد ضمن هذا الاجتماع، أو لا يمكنك الاطلاع عليه.'],
    ['ru', 'Пункта, на который ведёт эта ссылка, больше нет в этом заседании, или он вам недоступен.'],
  ])('the notice in %s', async (lang, text) => {
    try {
      await act(() => changeLanguage(lang));
      open('#_action-99');
      expect(await screen.findByTestId('item-link-missing')).toHaveTextContent(text);
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('another kind of hash shows no notice', async () => {
    for (const hash of ['#board-book', '#_poll-11', '']) {
      const { unmount } = open(hash);
      expect(await screen.findByTestId('meeting-title')).toBeInTheDocument();
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect([hash, screen.queryByTestId('item-link-missing'), ...noDialogs()]).toEqual([hash, null, null, null, null]);
      unmount();
    }
  });

  it('old links (#_<id>): a card with the id first, else the item inside a talking point', async () => {
    const first = open('#_31');
    expect(await screen.findByTestId('tp-dialog')).toHaveTextContent('Any other business');
    expect(scrolled).toEqual(['_talking_point-31']);
    first.unmount();
    scrolled = [];
    open('#_41');
    expect(await screen.findByTestId('action-dialog')).toHaveTextContent('Publish the budget');
    expect(scrolled).toEqual(['_action-41']);
  });

  it("the talking point's dialog lists its resolutions and actions; one opens in its own dialog", async () => {
    open('#_talking_point-5');
    const tp = await screen.findByTestId('tp-dialog');
    const list = await within(tp).findByTestId('tp-items');
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Resolution: Adopt the 2027 budget', 'Resolution: Approve the capital plan', 'Action: Publish the budget']);
    fireEvent.click(within(list).getByTestId('tp-open-decision-32'));
    expect(await screen.findByTestId('decision-dialog')).toHaveTextContent('Approve the capital plan');
    await waitFor(() => expect(screen.queryByTestId('tp-dialog')).toBeNull());
  });
});

describe("back to the talking point's dialog from an item opened in it", () => {
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'grace@example.com' });
  });

  function page(hash = ''): Call[] {
    const calls = installFetch(
      on('GET', '/api/meetings/1', () => jsonResponse(200, ok(meeting))),
      on('GET', '/api/decisions/31', () => jsonResponse(200, ok(aDecision({ id: 31, title: 'Adopt the 2027 budget', talkingpoint_id: 5 })))),
      on('GET', '/api/decisions/32', () => jsonResponse(200, ok(aDecision({ id: 32, title: 'Approve the capital plan', talkingpoint_id: 5, talkingpoint_subpoint_id: 6 })))),
      on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision({ id: 11 })))),
      on('GET', '/api/actions/41', () => jsonResponse(200, ok(anAction({ id: 41, title: 'Publish the budget', talkingpoint_id: 5 })))),
      on('GET', '/api/meetings/1/talkingpoints/5', () => jsonResponse(200, ok(tp5))),
    );
    renderWithApp(<MeetingDetailsPage />, { path: `/app/activity/meetings/1${hash}`, route: '/app/activity/meetings/:meetingId' });
    return calls;
  }
  /** the talking point's dialog, opened from its agenda card (which then has the focus, as after a click) */
  async function openTalkingPoint(): Promise<HTMLElement> {
    const card = await screen.findByTestId('open-talking_point:5');
    card.focus();
    fireEvent.click(card);
    const tp = await screen.findByTestId('tp-dialog');
    await within(tp).findByTestId('tp-items');
    return tp;
  }
  // PrimeReact's dialogs listen on the document for the key's code
  const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' });
  const shown = () => ['tp-dialog', 'decision-dialog', 'action-dialog'].filter((id) => screen.queryByTestId(id));

  it("closing a resolution opened from the talking point's list opens the talking point again, the focus on the resolution's button", async () => {
    const calls = page();
    const tp = await openTalkingPoint();
    fireEvent.click(within(tp).getByTestId('tp-open-decision-32'));
    const dialog = await screen.findByTestId('decision-dialog');
    expect(await within(dialog).findByTestId('decision-vote')).toBeInTheDocument();
    // one dialog at a time, and it holds the focus
    await waitFor(() => expect(shown()).toEqual(['decision-dialog']));
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByTestId('decision-close'));
    const back = await screen.findByTestId('tp-dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(back).getByTestId('tp-open-decision-32')));
    expect(back).toHaveTextContent('Budget');
    await waitFor(() => expect(shown()).toEqual(['tp-dialog']));
    // the talking point loads again (its list may have changed)
    expect(calls.filter((c) => c.path.startsWith('/api/meetings/1/talkingpoints/5')).length).toBe(2);
    // then its own close leaves the page, the focus back on the agenda card that opened it
    escape();
    await waitFor(() => expect(shown()).toEqual([]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('open-talking_point:5')));
  });

  it('Escape closes one level at a time: the action, then the talking point', async () => {
    page();
    const tp = await openTalkingPoint();
    fireEvent.click(within(tp).getByTestId('tp-open-action-41'));
    const dialog = await screen.findByTestId('action-dialog');
    await within(dialog).findByTestId('action-details');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    escape();
    const back = await screen.findByTestId('tp-dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(back).getByTestId('tp-open-action-41')));
    await waitFor(() => expect(shown()).toEqual(['tp-dialog']));
    escape();
    await waitFor(() => expect(shown()).toEqual([]));
  });

  it('an item opened by a link (not from the talking point) closes to the page', async () => {
    page('#_decision-31');
    const dialog = await screen.findByTestId('decision-dialog');
    await within(dialog).findByTestId('decision-vote');
    escape();
    await waitFor(() => expect(shown()).toEqual([]));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(shown()).toEqual([]);
  });

  it('an item opened from an agenda card closes to the page, even after a talking point came back', async () => {
    page();
    const tp = await openTalkingPoint();
    fireEvent.click(within(tp).getByTestId('tp-open-decision-31'));
    fireEvent.click(within(await screen.findByTestId('decision-dialog')).getByTestId('decision-close'));
    await within(await screen.findByTestId('tp-dialog')).findByTestId('tp-items');
    escape();
    await waitFor(() => expect(shown()).toEqual([]));
    fireEvent.click(screen.getByTestId('open-decision:11'));
    const dialog = await screen.findByTestId('decision-dialog');
    fireEvent.click(within(dialog).getByTestId('decision-close'));
    await waitFor(() => expect(shown()).toEqual([]));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(shown()).toEqual([]);
  });
});
