/**
 * The shared-annotations panel of the PDF viewer (docs/annotations.md#the-viewer): the list the server answers
 * with each annotation's visibility, author, quote, text and replies; share / unshare and delete only where the
 * server says the reader may; a reply is sent to the annotation's replies; the list reloads after each command;
 * new marks take the chosen visibility; Arabic.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { SharedAnnotation } from '../../api/annotations';
import type { AnnotationVisibility } from '@app/contracts';
import { changeLanguage } from '../../i18n';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { AnnotationsPanel, useSharedAnnotations } from './AnnotationsPanel';
import { useSharedLayer } from './AnnotationTools';
import { rectOf, sharedToDrawn } from './annotations';

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'mona@example.com' });
});

const mark = (o: Partial<SharedAnnotation>): SharedAnnotation => ({
  id: 1, library_id: 7, parent_id: null, page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, quote: null, text: '', color: '#ffdd00', visibility: 'private', people: [],
  author: { id: 2, name: 'Mona Member' }, version: 1, orphaned: false, presented_in: null, mine: true, can_edit: true, can_delete: true,
  created_at: '2026-11-28 10:00:00', updated_at: '2026-11-28 10:00:00', replies: [], ...o,
});
const mine = mark({ id: 11, text: 'Only mine' });
const theirs = mark({
  id: 12, page: 2, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.02 }] }, quote: 'Budget 2027', text: 'Look', visibility: 'committee',
  author: { id: 3, name: 'Mark Member' }, mine: false, can_edit: false, can_delete: false,
  replies: [{ ...mark({ id: 13, kind: 'reply', parent_id: 12, text: 'Agreed', visibility: 'committee' }), replies: undefined } as never],
});

function Harness(props: { onVisibility?: (v: AnnotationVisibility) => void }) {
  const shared = useSharedAnnotations(7, null);
  const [visibility, setVisibility] = useState<AnnotationVisibility>('private');
  const [people, setPeople] = useState<number[]>([]);
  return (
    <AnnotationsPanel
      shared={shared}
      page={1}
      people={people}
      onPeople={setPeople}
      visibility={visibility}
      onVisibility={(v) => {
        setVisibility(v);
        props.onVisibility?.(v);
      }}
      onOpen={jest.fn()}
      onClose={jest.fn()}
    />
  );
}

const user = (id: number, name: string) => ({ id, name, email: `u${id}@example.com`, image: null, position: null, designation: null });
const members = [user(2, 'Mona Member'), user(3, 'Mark Member'), user(4, 'Omar Observer')];

function serve(list: () => SharedAnnotation[]): Call[] {
  return installFetch(
    on('GET', '/api/users/all', () => jsonResponse(200, { success: true, data: members })),
    on('POST', '/api/library/7/annotations', () => jsonResponse(200, { success: true, message: 'Annotation saved', data: mine })),
    on('GET', '/api/library/7/annotations', () => jsonResponse(200, { success: true, data: { annotations: list() } })),
    on('PUT', /^\/api\/library\/7\/annotations\/\d+$/, () => jsonResponse(200, { success: true, message: 'Annotation saved', data: mine })),
    on('POST', /^\/api\/library\/7\/annotations\/\d+\/replies$/, () => jsonResponse(200, { success: true, message: 'Annotation saved', data: theirs })),
    on('DELETE', /^\/api\/library\/7\/annotations\/\d+$/, () => jsonResponse(200, { success: true, message: 'Annotation deleted', data: null })),
  );
}

describe('the annotations panel', () => {
  it('lists each annotation with its visibility, author, quote, text and replies; actions only where allowed', async () => {
    serve(() => [mine, theirs]);
    renderWithApp(<Harness />);
    const items = await screen.findAllByTestId('ann-item');
    expect(items.map((i) => [i.dataset.id, i.dataset.kind, i.dataset.visibility])).toEqual([['11', 'note', 'private'], ['12', 'highlight', 'committee']]);
    expect(within(items[0]).getByTestId('ann-visibility')).toHaveTextContent('Private');
    expect(within(items[1]).getByTestId('ann-visibility')).toHaveTextContent('Committee');
    expect(items[1]).toHaveTextContent('Mark Member');
    expect(items[1]).toHaveTextContent('Budget 2027');
    expect(within(items[1]).getByTestId('ann-reply')).toHaveTextContent('Agreed');
    // mine: share with the committee and delete; theirs: neither
    expect(screen.getByTestId('ann-share-committee-11')).toBeInTheDocument();
    expect(screen.getByTestId('ann-delete-11')).toBeInTheDocument();
    expect(screen.queryByTestId('ann-share-committee-12')).toBeNull();
    expect(screen.queryByTestId('ann-delete-12')).toBeNull();
  });

  it('share, reply and delete call the routes and reload the list', async () => {
    let list = [mine, theirs];
    const calls = serve(() => list);
    renderWithApp(<Harness />);
    await screen.findAllByTestId('ann-item');
    const gets = () => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/library/7/annotations')).length;
    const before = gets();
    fireEvent.click(screen.getByTestId('ann-share-committee-11'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/library/7/annotations/11', body: { visibility: 'committee' } });
    await waitFor(() => expect(gets()).toBeGreaterThan(before));

    fireEvent.change(screen.getByTestId('ann-reply-text-12'), { target: { value: '  Noted  ' } });
    fireEvent.click(screen.getByTestId('ann-reply-send-12'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/library/7/annotations/12/replies', body: { text: 'Noted' } }));

    list = [theirs];
    fireEvent.click(screen.getByTestId('ann-delete-11'));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/library/7/annotations/11' }));
    await waitFor(() => expect(screen.getAllByTestId('ann-item')).toHaveLength(1));
  });

  it('an empty file says so; the visibility of new marks is chosen in the panel', async () => {
    serve(() => []);
    const chosen = jest.fn();
    renderWithApp(<Harness onVisibility={chosen} />);
    expect(await screen.findByTestId('ann-empty')).toHaveTextContent('No annotations yet.');
    expect(screen.getByTestId('ann-visibility-private')).toBeChecked();
    fireEvent.click(screen.getByTestId('ann-visibility-committee'));
    expect(chosen).toHaveBeenCalledWith('committee');
    expect(screen.getByTestId('ann-visibility-committee')).toBeChecked();
  });

  it('in Arabic', async () => {
    serve(() => [mine, theirs]);
    await act(() => changeLanguage('ar'));
    try {
      renderWithApp(<Harness />);
      const items = await screen.findAllByTestId('ann-item');
      expect(within(items[0]).getByTestId('ann-visibility')).toHaveTextContent('خاص');
      expect(within(items[1]).getByTestId('ann-visibility')).toHaveTextContent('اللجنة');
      expect(screen.getByRole('heading', { name: 'التعليقات التوضيحية' })).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

/** the panel beside the layer the viewers use: a button stands for a mark drawn on the page */
function LayerHarness() {
  const layer = useSharedLayer({ itemId: 7, meetingId: null }, 1);
  return (
    <>
      <button type="button" onClick={() => layer.add({ page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'For you' })}>
        mark
      </button>
      <AnnotationsPanel shared={layer.shared} page={1} visibility={layer.visibility} onVisibility={layer.setVisibility} people={layer.people} onPeople={layer.setPeople} onOpen={jest.fn()} onClose={jest.fn()} />
    </>
  );
}

describe('sharing with named people (the people picker)', () => {
  it('new marks: pick members by name in a searchable list, and the mark is sent with them', async () => {
    const calls = serve(() => []);
    renderWithApp(<LayerHarness />);
    await screen.findByTestId('ann-empty');
    expect(screen.queryByLabelText('People who see new annotations')).toBeNull();
    fireEvent.click(screen.getByTestId('ann-visibility-people'));
    expect(screen.getByTestId('ann-visibility-people')).toBeChecked();
    // nobody picked yet: said, and a mark is not sent
    expect(await screen.findByTestId('ann-people-new-error')).toHaveTextContent('Pick at least one person');
    fireEvent.click(screen.getByRole('button', { name: 'mark' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // the picker is a labelled combobox whose options come from the organization's members; search narrows them
    expect(screen.getByRole('combobox', { name: 'People who see new annotations' })).toBeInTheDocument();
    const box = screen.getByTestId('ann-people-new');
    fireEvent.click(box);
    const search = await screen.findByRole('searchbox', { hidden: true });
    fireEvent.input(search, { target: { value: 'mar' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Mona Member', hidden: true })).toBeNull());
    fireEvent.click(await screen.findByRole('option', { name: 'Mark Member', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('ann-people-new-error')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'mark' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/library/7/annotations', body: { kind: 'note', visibility: 'people', people: [3] } });
  });

  it('an existing mark: the author shares it with people picked by name; a shared one names them', async () => {
    const forThem = mark({ id: 14, text: 'For two', visibility: 'people', people: [3, 4] });
    const calls = serve(() => [mine, forThem]);
    renderWithApp(<Harness />);
    const items = await screen.findAllByTestId('ann-item');
    await waitFor(() => expect(within(items[1]).getByTestId('ann-people')).toHaveTextContent('Shared with Mark Member, Omar Observer'));
    fireEvent.click(screen.getByTestId('ann-share-people-11'));
    expect(screen.getByTestId('ann-share-people-11')).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByTestId('ann-people-form-11');
    expect(within(form).getByTestId('ann-people-save-11')).toBeDisabled();
    fireEvent.click(within(form).getByTestId('ann-people-11'));
    fireEvent.click(await screen.findByRole('option', { name: 'Omar Observer', hidden: true }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mona Member', hidden: true }));
    fireEvent.click(within(form).getByTestId('ann-people-save-11'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/library/7/annotations/11', body: { visibility: 'people', people: [4, 2] } });
    await waitFor(() => expect(screen.queryByTestId('ann-people-form-11')).toBeNull());
  });
});

describe('shared marks on the page', () => {
  it.each([
    ['a note', mark({ kind: 'note', geometry: { x: 0.2, y: 0.3 }, text: 'Hi' }), { items: [{ kind: 'note', page: 1, at: [0.2, 0.3], text: 'Hi' }], rects: [] }],
    ['a drawing', mark({ kind: 'drawing', color: '#2293fb', geometry: { paths: [{ points: [[0.1, 0.1], [0.2, 0.2]] }] } }), { items: [{ kind: 'pen', page: 1, color: '#2293fb', points: [[0.1, 0.1], [0.2, 0.2]] }], rects: [] }],
    ['a highlighter’s drawing: its width and its see-through ink', mark({ kind: 'drawing', color: '#e53935', geometry: { paths: [{ points: [[0.1, 0.1], [0.2, 0.2]] }], width: 0.016, opacity: 0.35 } }), { items: [{ kind: 'pen', page: 1, color: '#e53935', points: [[0.1, 0.1], [0.2, 0.2]], width: 0.016, opacity: 0.35 }], rects: [] }],
    ['a highlight', theirs, { items: [], rects: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.02 }] }],
    ['a geometry that is not the kind’s', mark({ kind: 'note', geometry: { rects: [] } }), { items: [], rects: [] }],
  ])('%s', (_, m, expected) => expect(sharedToDrawn([m])).toEqual(expected));

  it('a dragged highlight spans its points whichever way it was dragged', () => {
    expect(rectOf([[0.5, 0.4], [0.2, 0.45], [0.3, 0.1]])).toEqual({ x: 0.2, y: 0.1, w: 0.3, h: expect.closeTo(0.35) });
  });
});
