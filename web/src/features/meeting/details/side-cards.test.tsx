import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingDetails } from '@app/contracts';
import type { Editor } from '@tiptap/react';
import { onNotify, type Notice } from '../../../api/notify';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aDecision, aMeeting, aMember, aTalkingPoint, ok, permissions } from '../decisions/fixtures';
import { MeetingDetailsPage } from '../MeetingDetailsPage';
import { AgendaList } from './AgendaList';
import { ActivityCard, NotesCard } from './Cards';
import { ParticipantsCard, ParticipantsDrawer } from './Participants';

/** TipTap keeps its editor on the editable element: jsdom has no real selection or typing, so tests drive it. */
const editorOf = (el: HTMLElement) => (el as HTMLElement & { editor: Editor }).editor;

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

// jsdom does no layout: ProseMirror asks for the caret's rectangle when it scrolls the selection into view
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

const activity = (i: number) => ({ id: i, activity: `Change number ${i}`, created_at: '2026-11-20 09:00:00', user: { id: 1, name: 'Ada', image: null } });

describe('side cards: participants, activity, notes', () => {
  it('the participants card shows the first 6, the rest behind show all', () => {
    installFetch();
    const members = [2, 3, 4, 5, 6, 7, 8].map((i) => aMember(i, `Person${i}`));
    renderWithApp(<ParticipantsCard meeting={aMeeting({ members, guest_member: [] })} onManage={jest.fn()} onRespond={jest.fn()} />);
    const card = screen.getByTestId('participants-card');
    expect(within(card).getAllByRole('listitem')).toHaveLength(6);
    expect(within(card).queryByText('Person8')).toBeNull();
    click('participants-show-all');
    expect(within(card).getAllByRole('listitem')).toHaveLength(7);
    expect(within(card).getByText('Person8')).toBeInTheDocument();
  });

  it('the activity card shows 6 entries; show all opens the 460 drawer with the full list', async () => {
    const full = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(activity);
    installFetch(on('GET', '/api/meetings/1/activities', () => jsonResponse(200, ok(full))));
    renderWithApp(<ActivityCard meeting={aMeeting({ activities: full.slice(0, 8) })} />);
    const card = screen.getByTestId('activity-card');
    expect(within(card).getAllByText(/^Change number/)).toHaveLength(6);
    click('activity-all');
    const drawer = await screen.findByTestId('activity-drawer');
    expect(drawer).toHaveStyle({ width: 'min(460px, 100vw)' });
    await waitFor(() => expect(within(drawer).getAllByText(/^Change number/)).toHaveLength(9));
  });

  it('notes: an older plain-text note reads as one paragraph', () => {
    installFetch();
    renderWithApp(<NotesCard meeting={aMeeting({ note: 'Call the auditor' })} onChanged={jest.fn()} />);
    const shown = screen.getByTestId('note-text');
    expect(shown.querySelectorAll('p')).toHaveLength(1);
    expect(shown).toHaveTextContent('Call the auditor');
  });

  it('notes: empty is refused; typing with a mark saves the JSON document, the saved message shows and the 460 drawer closes', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/note', () => jsonResponse(200, ok({ note: 'saved' }, 'Note saved successfully'))));
    const notices: Notice[] = [];
    const off = onNotify((n) => notices.push(n));
    const onChanged = jest.fn();
    renderWithApp(<NotesCard meeting={aMeeting({ note: null })} onChanged={onChanged} />);
    expect(screen.getByTestId('notes-card')).toHaveTextContent('No note yet.');
    click('notes-edit');
    const drawer = await screen.findByTestId('notes-drawer');
    expect(drawer).toHaveStyle({ width: 'min(460px, 100vw)' });
    const input = screen.getByTestId('note-input');
    act(() => void editorOf(input).chain().focus().insertContent('   ').run());
    click('note-save');
    expect(await within(drawer).findByText('The note field is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    act(() => void editorOf(input).commands.clearContent());
    act(() => void editorOf(input).chain().focus().insertContent('Ask ').run());
    expect(screen.getByTestId('note-bold')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(input, { key: 'b', ctrlKey: true }); // the shortcut, from here on typed text is bold
    expect(screen.getByTestId('note-bold')).toHaveAttribute('aria-pressed', 'true');
    act(() => void editorOf(input).commands.insertContent('now'));
    click('note-save');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const body = calls[0].body as { note: string };
    expect(typeof body.note).toBe('string');
    expect(JSON.parse(body.note)).toEqual({ type: 'doc', version: 2, blocks: [{ type: 'paragraph', children: [{ text: 'Ask ' }, { text: 'now', marks: ['bold'] }] }] });
    expect(notices).toEqual([expect.objectContaining({ severity: 'success', summary: 'Note saved successfully' })]);
    await waitFor(() => expect(screen.queryByTestId('notes-drawer')).toBeNull());
    off();
  });

  it('notes: a failed save shows the server text in the drawer and keeps it open', async () => {
    installFetch(on('POST', '/api/meetings/1/note', () => jsonResponse(422, { success: false, message: 'The note could not be saved' })));
    renderWithApp(<NotesCard meeting={aMeeting({ note: 'Old words' })} onChanged={jest.fn()} />);
    click('notes-edit');
    const drawer = await screen.findByTestId('notes-drawer');
    expect(screen.getByTestId('note-input')).toHaveTextContent('Old words');
    click('note-save');
    expect(await within(drawer).findByText('The note could not be saved')).toBeInTheDocument();
    expect(screen.getByTestId('notes-drawer')).toBeInTheDocument();
  });

  it('notes: the toolbar marks a selection, makes lists and adds only http(s) links', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/note', () => jsonResponse(200, ok({ note: 'saved' }, 'Note saved successfully'))));
    renderWithApp(<NotesCard meeting={aMeeting({ note: 'Budget review' })} onChanged={jest.fn()} />);
    click('notes-edit');
    await screen.findByTestId('notes-drawer');
    const input = screen.getByTestId('note-input');
    const editor = editorOf(input);
    act(() => void editor.commands.setTextSelection({ from: 1, to: 7 })); // 'Budget'
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeInTheDocument();
    click('note-italic');
    expect(screen.getByTestId('note-italic')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(input, { key: 'u', ctrlKey: true });
    expect(screen.getByTestId('note-underline')).toHaveAttribute('aria-pressed', 'true');
    click('note-bullets');
    expect(screen.getByTestId('note-bullets')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('note-numbers')).toHaveAttribute('aria-pressed', 'false');
    act(() => void editor.commands.setTextSelection({ from: 10, to: 16 })); // 'review', inside the list item
    click('note-link');
    fireEvent.change(screen.getByTestId('note-link-url'), { target: { value: 'javascript:alert(1)' } });
    click('note-link-apply');
    expect(await screen.findByTestId('note-link-error')).toHaveTextContent('A link must start with http:// or https://');
    fireEvent.change(screen.getByTestId('note-link-url'), { target: { value: 'https://example.com/budget' } });
    click('note-link-apply');
    await waitFor(() => expect(screen.queryByTestId('note-link-form')).toBeNull());
    expect(input.querySelector('a')).toHaveAttribute('href', 'https://example.com/budget');
    expect(screen.getByTestId('note-link')).toHaveAttribute('aria-pressed', 'true');
    click('note-save');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse((calls[0].body as { note: string }).note)).toEqual({
      type: 'doc',
      version: 2,
      blocks: [{ type: 'bullet', children: [{ text: 'Budget', marks: ['italic', 'underline'] }, { text: ' ' }, { text: 'review', href: 'https://example.com/budget' }] }],
    });
  });

  it('notes: pasted text comes in as text only, a paragraph a line', async () => {
    const calls = installFetch(on('POST', '/api/meetings/1/note', () => jsonResponse(200, ok({ note: 'saved' }, 'Note saved successfully'))));
    renderWithApp(<NotesCard meeting={aMeeting({ note: 'Start' })} onChanged={jest.fn()} />);
    click('notes-edit');
    await screen.findByTestId('notes-drawer');
    const input = screen.getByTestId('note-input');
    act(() => void editorOf(input).commands.setTextSelection(6)); // after 'Start'
    const clipboard: Record<string, string> = { 'text/plain': ' one\ntwo', 'text/html': '<b>one</b><img src=x onerror="alert(1)"><p><a href="javascript:alert(1)">two</a></p>' };
    fireEvent.paste(input, { clipboardData: { getData: (type: string) => clipboard[type] ?? '', types: Object.keys(clipboard), files: [] } });
    expect(input.querySelector('img, b, strong, a')).toBeNull();
    click('note-save');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse((calls[0].body as { note: string }).note)).toEqual({ type: 'doc', version: 2, blocks: [{ type: 'paragraph', children: [{ text: 'Start one' }] }, { type: 'paragraph', children: [{ text: 'two' }] }] });
  });

  it('notes: a saved rich note shows formatted, unsafe links as text, and reopens formatted in the editor', async () => {
    installFetch();
    const note = JSON.stringify({
      type: 'doc',
      version: 2,
      blocks: [
        { type: 'paragraph', children: [{ text: 'Decide ' }, { text: 'today', marks: ['bold'] }, { text: '<img src=x onerror=alert(1)>' }] },
        { type: 'ordered', children: [{ text: 'first', href: 'https://example.com/1' }] },
        { type: 'ordered', children: [{ text: 'second', href: 'javascript:alert(1)' }] },
      ],
    });
    renderWithApp(<NotesCard meeting={aMeeting({ note })} onChanged={jest.fn()} />);
    const shown = screen.getByTestId('note-text');
    expect(within(shown).getByText('today').closest('strong')).not.toBeNull();
    expect(shown.querySelectorAll('ol > li')).toHaveLength(2);
    expect(within(shown).getByRole('link', { name: 'first' })).toHaveAttribute('href', 'https://example.com/1');
    expect(within(shown).queryByRole('link', { name: 'second' })).toBeNull();
    expect(shown.querySelector('img')).toBeNull();
    expect(shown).toHaveTextContent('<img src=x onerror=alert(1)>');
    click('notes-edit');
    await screen.findByTestId('notes-drawer');
    const input = screen.getByTestId('note-input');
    expect(input.querySelector('strong')).toHaveTextContent('today');
    expect(input.querySelectorAll('ol > li')).toHaveLength(2);
    expect(input.querySelector('a')).toHaveAttribute('href', 'https://example.com/1');
    expect(input.querySelectorAll('a')).toHaveLength(1);
    expect(input.querySelector('img')).toBeNull();
  });
});

describe('participants drawer (500)', () => {
  const withGuest = (): MeetingDetails =>
    aMeeting({ guest_member: [aMember(9, null, { user_email: 'a.very.long.guest.address@example.com', can_remove: true })], permissions: permissions({ manageParticipants: true }) });

  it('a bad guest e-mail reads the e-mail message and sends nothing; a good one is added as guest or organization guest with its access', async () => {
    const calls = installFetch(
      on('GET', '/api/users/all', () => jsonResponse(200, ok([]))),
      on('POST', '/api/meetings/1/members', () => jsonResponse(200, ok([], 'Participant added'))),
    );
    renderWithApp(<ParticipantsDrawer meeting={withGuest()} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    const drawer = await screen.findByTestId('participants-drawer');
    expect(drawer).toHaveStyle({ width: 'min(500px, 100vw)' });
    // guest e-mails over 22 characters are cut to 22 plus two dots
    expect(within(screen.getByTestId('participants-list')).getByText(`${'a.very.long.guest.address@example.com'.slice(0, 22)}..`)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('add-email'), { target: { value: 'not-an-email' } });
    click('add-email-submit');
    expect(await screen.findByTestId('add-email-error')).toHaveTextContent('Enter a valid e-mail address.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('add-email'), { target: { value: 'auditor@example.com' } });
    fireEvent.click(document.getElementById('add-org-guest')!);
    click('add-email-submit');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ user_email: 'auditor@example.com', organization_guest: 1, type: 'Viewer' });
  });

  it("a guest is invited with a name: the add form has the guest's name field and sends it (issue 25: guests showed as a cut e-mail)", async () => {
    const calls = installFetch(
      on('GET', '/api/users/all', () => jsonResponse(200, ok([]))),
      on('POST', '/api/meetings/1/members', () => jsonResponse(200, ok([], 'Participant added'))),
    );
    renderWithApp(<ParticipantsDrawer meeting={withGuest()} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    await screen.findByTestId('participants-drawer');
    fireEvent.change(screen.getByLabelText('Guest name'), { target: { value: '  Olga Auditor ' } });
    fireEvent.change(screen.getByTestId('add-email'), { target: { value: 'olga@example.com' } });
    click('add-email-submit');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ user_email: 'olga@example.com', organization_guest: 0, type: 'Viewer', guest_name: 'Olga Auditor' });
    // the form is empty again for the next guest
    await waitFor(() => expect(screen.getByTestId('add-guest-name')).toHaveValue(''));
  });

  it('the people picker waits for the people: disabled while they load (its list would say there is no one), then offers them', async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    installFetch(
      on('GET', '/api/users/all', async () => {
        await held;
        return jsonResponse(200, ok([{ id: 7, name: 'Mona Member', email: 'mona@example.com', image: null, position: null, designation: null }]));
      }),
    );
    renderWithApp(<ParticipantsDrawer meeting={withGuest()} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    const picker = await screen.findByTestId('add-user');
    expect(picker).toHaveClass('p-disabled');
    await act(async () => answer());
    await waitFor(() => expect(screen.getByTestId('add-user')).not.toHaveClass('p-disabled'));
    fireEvent.click(screen.getByTestId('add-user'));
    expect(await screen.findByRole('option', { name: 'Mona Member', hidden: true })).toBeInTheDocument();
  });

  it('the people picker opens when the people could not be loaded (the list is empty, not locked)', async () => {
    installFetch(on('GET', '/api/users/all', () => jsonResponse(500, { success: false, code: 'INTERNAL', message: 'Internal server error' })));
    renderWithApp(<ParticipantsDrawer meeting={withGuest()} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('add-user')).not.toHaveClass('p-disabled'));
  });

  it("the guest edit form needs the guest's name and sends the hidden e-mail", async () => {
    const calls = installFetch(
      on('GET', '/api/users/all', () => jsonResponse(200, ok([]))),
      on('POST', '/api/meetings/1/members/guest_name', () => jsonResponse(200, ok([], 'Done'))),
    );
    renderWithApp(<ParticipantsDrawer meeting={withGuest()} visible onHide={jest.fn()} onChanged={jest.fn()} />);
    const row = await screen.findByTestId('member-row-9');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit guest' }));
    const form = await screen.findByTestId('guest-edit');
    click('guest-edit-save');
    expect(await within(form).findByText('This field is required.')).toBeInTheDocument();
    fireEvent.change(document.getElementById('guest-name-9')!, { target: { value: 'Olga Auditor' } });
    click('guest-edit-save');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ guest_name: 'Olga Auditor', guest_title: '', user_email: 'a.very.long.guest.address@example.com' });
  });
});

describe('the meeting page', () => {
  const decisionGroup = { agenda_type: 'decision' as const, agenda_type_id: 11, row_num: 1, data: [aDecision()] };

  it("'#_<item id>' (a link sent before the kind was named) after the meeting's address opens that item", async () => {
    installFetch(
      on('GET', '/api/meetings/1', () => jsonResponse(200, ok(aMeeting({ agendas: [decisionGroup] })))),
      on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision()))),
    );
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1#_11', route: '/app/activity/meetings/:meetingId' });
    const dialog = await screen.findByTestId('decision-dialog');
    expect(await within(dialog).findByTestId('decision-details')).toHaveTextContent('The 2027 budget');
    expect(dialog).toHaveTextContent('Approve the budget');
  });

  describe('talking point 11 and decision 11 on one agenda (their ids are numbered apart)', () => {
    const both = aMeeting({
      agendas: [
        { agenda_type: 'talking_point', agenda_type_id: 11, row_num: 1, data: [aTalkingPoint({ id: 11, title: 'Talk about money' })] },
        { ...decisionGroup, row_num: 2 },
      ],
    });
    let scrolled: string[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    beforeEach(() => {
      scrolled = [];
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.id);
      };
    });
    afterEach(() => {
      Element.prototype.scrollIntoView = scrollIntoView;
    });

    it.each([
      ['#_decision-11', 'decision', '_decision-11'],
      ['#_talking_point-11', 'tp', '_talking_point-11'],
      // an old link: the first agenda entry with the id, as before
      ['#_11', 'tp', '_talking_point-11'],
    ])('%s opens the %s dialog and scrolls to #%s', async (hash, opened, element) => {
      const calls = installFetch(
        on('GET', '/api/meetings/1', () => jsonResponse(200, ok(both))),
        on('GET', '/api/decisions/11', () => jsonResponse(200, ok(aDecision()))),
        on('GET', '/api/meetings/1/talkingpoints/11', () => jsonResponse(200, ok(aTalkingPoint({ id: 11, title: 'Talk about money' })))),
      );
      renderWithApp(<MeetingDetailsPage />, { path: `/app/activity/meetings/1${hash}`, route: '/app/activity/meetings/:meetingId' });
      const dialog = await screen.findByTestId(`${opened}-dialog`);
      expect(dialog).toHaveTextContent(opened === 'decision' ? 'Approve the budget' : 'Talk about money');
      expect(screen.queryByTestId(`${opened === 'decision' ? 'tp' : 'decision'}-dialog`)).toBeNull();
      expect(scrolled).toEqual([element]);
      // only the opened item was asked for
      const items = calls.filter((c) => c.path.startsWith('/api/decisions/') || c.path.startsWith('/api/meetings/1/talkingpoints/')).map((c) => c.path);
      expect(items).toEqual([opened === 'decision' ? '/api/decisions/11' : '/api/meetings/1/talkingpoints/11']);
    });

    it('a hash naming an item the agenda does not have opens nothing and tells so; another kind of hash opens nothing', async () => {
      installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, ok(both))));
      for (const [hash, notice] of [['#_action-11', true], ['#_decision-12', true], ['#_poll-11', false], ['#board-book', false]] as const) {
        const { unmount } = renderWithApp(<MeetingDetailsPage />, { path: `/app/activity/meetings/1${hash}`, route: '/app/activity/meetings/:meetingId' });
        expect(await screen.findByTestId('meeting-title')).toBeInTheDocument();
        await act(() => new Promise((r) => setTimeout(r, 20)));
        expect([hash, screen.queryByTestId('decision-dialog'), screen.queryByTestId('tp-dialog'), !!screen.queryByTestId('item-link-missing')]).toEqual([hash, null, null, notice]);
        unmount();
      }
    });
  });

  it('a guest sees no back button, edit menus, create buttons, activity or notes', async () => {
    const guestView = aMeeting({ activities: [activity(1)], note: 'secret', permissions: permissions({ level: 'participant', isGuest: true, editMeeting: false, changeStatus: false, deleteMeeting: false, createItems: false, manageParticipants: false, seeActivity: false, seeNotes: false, addNotes: false }) });
    const calls = installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, ok(guestView))));
    renderWithApp(<MeetingDetailsPage guest />, { path: '/meeting/1?token=gt', route: '/meeting/:meetingId' });
    expect(await screen.findByTestId('meeting-title')).toHaveTextContent('Board meeting');
    for (const id of ['meeting-back', 'meeting-edit', 'meeting-change-status', 'meeting-delete', 'create-buttons', 'participants-manage', 'activity-card', 'notes-card']) {
      expect([id, screen.queryByTestId(id)]).toEqual([id, null]);
    }
    expect(calls[0].path).toBe('/api/meetings/1?token=gt');
  });

  it('the header shows the start as DD-MM-YYYY hh:mm A and the total duration of items and sub-points', async () => {
    installFetch(on('GET', '/api/meetings/1', () => jsonResponse(200, ok(aMeeting({ start_date: '2026-12-01 14:15:00', total_duration: 95 })))));
    renderWithApp(<MeetingDetailsPage />, { path: '/app/activity/meetings/1', route: '/app/activity/meetings/:meetingId' });
    expect(await screen.findByTestId('meeting-start')).toHaveTextContent('01-12-2026 02:15 PM');
    expect(screen.getByTestId('meeting-total-duration')).toHaveTextContent('95 minutes');
  });
});

describe('agenda drag (the order saved is the one shown when the card is released)', () => {
  it('a release right after the last move saves that order', async () => {
    const meeting = aMeeting({
      agendas: [
        { agenda_type: 'decision', agenda_type_id: 11, row_num: 1, data: [aDecision({ id: 11, title: 'First' })] },
        { agenda_type: 'decision', agenda_type_id: 12, row_num: 2, data: [aDecision({ id: 12, title: 'Second' })] },
        { agenda_type: 'decision', agenda_type_id: 13, row_num: 3, data: [aDecision({ id: 13, title: 'Third' })] },
      ],
    });
    const calls = installFetch(on('PUT', '/api/meetings/1/order', () => jsonResponse(200, ok(meeting, 'Agenda order saved'))));
    const onChanged = jest.fn();
    renderWithApp(<AgendaList meeting={meeting} onOpen={jest.fn()} onChanged={onChanged} />);
    fireEvent.pointerDown(screen.getByTestId('drag-decision:13'));
    // the move and the release arrive before React renders again (one act)
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientY: -1 }));
      window.dispatchEvent(new MouseEvent('pointerup', { clientY: -1 }));
    });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual([
      { type: 'decision', type_id: 13 },
      { type: 'decision', type_id: 11 },
      { type: 'decision', type_id: 12 },
    ]);
  });
});
