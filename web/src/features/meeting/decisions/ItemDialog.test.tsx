import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { onNotify } from '../../../api/notify';
import { renderWithApp } from '../../../test/render';
import { ItemDialog, useItemDialog, type ItemDialogOptions } from './ItemDialog';

jest.setTimeout(20_000);

/**
 * The shell of the item dialogs (ActionDialog, DecisionDialog, TalkingPointDialog, ResolutionDialog) over an item
 * of this test's own: the header, loading and its error, the banner, the form / view switch, save and delete.
 * The dialogs' own tests (dialogs.test.tsx, meeting-page.test.tsx, resolutions) check them over the API.
 */
interface Note {
  id: number;
  title: string;
  can_edit?: boolean;
  can_delete?: boolean;
}

type Opts = Omit<ItemDialogOptions<Note, string>, 'onChanged' | 'onHide' | 'getDeps' | 'routes'> & {
  run?: (call: { id: number | null; input: string }) => Promise<{ message: string | null }>;
  removeRun?: (id: number) => Promise<string | null>;
};

/** a note dialog as the item dialogs are written: the routes to the hook, the controls to the form and the view */
function NoteDialog(props: Opts & { onChanged(): void; onHide(): void }) {
  const run = props.run ?? (async () => ({ message: null }));
  const d = useItemDialog<Note, string>({
    ...props,
    getDeps: [],
    routes: {
      create: (input) => run({ id: null, input }),
      update: (id, input) => run({ id, input }),
      remove: props.removeRun ?? (async () => null),
      saved: 'Note saved',
      deleteConfirm: 'Delete the note?',
      deleted: 'Deleted',
    },
  });
  return (
    <ItemDialog
      state={d}
      testId="note"
      words={{ create: 'New note', edit: 'Edit note', view: 'Note', close: 'Close' }}
      footerStart={<span data-testid="note-extra" />}
      form={(f) => (
        <form data-testid="note-form" onSubmit={(e) => { e.preventDefault(); void f.onSubmit('the text').catch((err: unknown) => console.info('the form sees', err)); }}>
          <button type="submit">Save</button>
          <button type="button" onClick={f.onCancel}>Cancel</button>
        </form>
      )}
      view={(n, c) => (
        <div data-testid="note-view">
          {n.title}
          {c.onEdit && <button type="button" onClick={c.onEdit}>Edit</button>}
          {c.onDelete && <button type="button" onClick={c.onDelete}>Delete</button>}
          <button type="button" onClick={() => c.onError('Something failed')}>Fail</button>
          <button type="button" onClick={() => void c.onChanged()}>Voted</button>
        </div>
      )}
    />
  );
}

/** the dialog with options a test changes later (a live tick), inside the app's providers */
function Harness(props: Opts & { onChanged(): void; onHide(): void; change: { set?(more: Partial<Opts>): void } }) {
  const [more, setMore] = useState<Partial<Opts>>({});
  props.change.set = setMore;
  return <NoteDialog {...props} {...more} />;
}

function show(opts: Partial<Opts> = {}) {
  const onChanged = jest.fn();
  const onHide = jest.fn();
  const toasts: string[] = [];
  const off = onNotify((n) => toasts.push(`${n.severity}: ${n.summary}`));
  const all: Opts = { id: 7, visible: true, get: async (id) => ({ id, title: `Note ${id}`, can_edit: true, can_delete: true }), ...opts };
  const change: { set?(more: Partial<Opts>): void } = {};
  renderWithApp(<Harness {...all} onChanged={onChanged} onHide={onHide} change={change} />);
  return { onChanged, onHide, toasts, off, rerender: (more: Partial<Opts>) => act(() => change.set?.(more)) };
}

const header = () => document.querySelector('.p-dialog-title')?.textContent;

describe('the item dialog shell', () => {
  it('loads the item (a spinner meanwhile), titles the dialog with it and shows its view with the footer', async () => {
    let resolve: (n: Note) => void = () => undefined;
    show({ get: () => new Promise<Note>((res) => (resolve = res)) });
    expect(screen.getByTestId('note-dialog')).toBeInTheDocument();
    expect(header()).toBe('Note');
    expect(screen.queryByTestId('note-view')).toBeNull();
    await act(async () => resolve({ id: 7, title: 'Budget' }));
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Budget');
    expect(header()).toBe('Budget');
    expect(screen.getByTestId('note-close')).toHaveTextContent('Close');
    expect(screen.getByTestId('note-extra')).toBeInTheDocument();
  });

  it('a failed load shows its message and no spinner', async () => {
    show({ get: async () => Promise.reject(new ApiError(404, 'Not Found', { serverMessage: 'Decision not found' })) });
    expect(await screen.findByTestId('note-load-error')).toHaveTextContent('Decision not found');
    expect(screen.queryByTestId('note-view')).toBeNull();
  });

  it('creates: the form at once, titled for a new item, no footer; a save creates, toasts, tells the page and closes', async () => {
    const run = jest.fn(async () => ({ message: null }));
    const { onChanged, onHide, toasts, off } = show({ id: null, run });
    expect(screen.getByTestId('note-form')).toBeInTheDocument();
    expect(header()).toBe('New note');
    expect(screen.queryByTestId('note-close')).toBeNull();
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith({ id: null, input: 'the text' });
    expect(toasts).toEqual(['success: Note saved']);
    off();
  });

  it('edits: a failed save shows the banner and keeps the form (the form gets the error too); a saved edit goes back to the view', async () => {
    const errors = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    let answer: Promise<{ message: string | null }> = Promise.reject(new ApiError(409, 'Error in validation'));
    answer.catch(() => undefined); // rejected on purpose: the save below receives it
    let version = 0;
    const get = jest.fn(async (id: number) => ({ id, title: `Note ${id} v${++version}`, can_edit: true }));
    const run = jest.fn(() => answer);
    const { onChanged, onHide, toasts, off } = show({ get, run });
    fireEvent.click(await screen.findByText('Edit'));
    expect(header()).toBe('Edit note');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByTestId('note-banner')).toHaveTextContent('All fields are required');
    expect(errors).toHaveBeenCalledWith('the form sees', expect.any(ApiError));
    expect(screen.getByTestId('note-form')).toBeInTheDocument();
    answer = Promise.resolve({ message: 'Saved on the server' });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByTestId('note-view')).toHaveTextContent('Note 7 v2');
    expect(screen.queryByTestId('note-banner')).toBeNull();
    expect(toasts).toEqual(['success: Saved on the server']);
    expect(run).toHaveBeenLastCalledWith({ id: 7, input: 'the text' });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(onHide).not.toHaveBeenCalled();
    // cancel goes back to the view of an item that exists
    fireEvent.click(screen.getByText('Edit'));
    fireEvent.click(screen.getByText('Cancel'));
    expect(screen.getByTestId('note-view')).toBeInTheDocument();
    errors.mockRestore();
    off();
  });

  it("closeAfterSave: a saved item closes the dialog, a failed save is the banner's only", async () => {
    const { onHide } = show({ closeAfterSave: true, run: async () => Promise.reject(new ApiError(500, 'Internal Server Error')) });
    fireEvent.click(await screen.findByText('Edit'));
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByTestId('note-banner')).toHaveTextContent('Internal Server Error');
    expect(onHide).not.toHaveBeenCalled();
  });

  it('delete asks first, then toasts the server message, tells the page and closes; a refused delete is the banner', async () => {
    let removed: Promise<string | null> = Promise.resolve('Deleted on the server');
    const removeRun = jest.fn(() => removed);
    const { onChanged, onHide, toasts, off } = show({ removeRun });
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete the note?')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual(['success: Deleted on the server']);
    expect(removeRun).toHaveBeenCalledWith(7);
    removed = Promise.reject(new ApiError(403, 'Authentication Fail', { serverMessage: 'You may not delete it' }));
    removed.catch(() => undefined); // rejected on purpose: the delete below receives it
    fireEvent.click(screen.getByText('Delete'));
    await waitFor(() => expect(document.querySelector('.p-confirm-dialog-accept')).not.toBeNull());
    fireEvent.click(document.querySelector('.p-confirm-dialog-accept')!);
    expect(await screen.findByTestId('note-banner')).toHaveTextContent('You may not delete it');
    off();
  });

  it('a live change reloads the item in view, not while it is edited unless reloadWhileEditing', async () => {
    let version = 0;
    const get = jest.fn(async (id: number) => ({ id, title: `Note ${id} v${++version}`, can_edit: true }));
    const view = show({ get, liveTick: 0 });
    expect(await screen.findByTestId('note-view')).toHaveTextContent('v1');
    view.rerender({ liveTick: 1 });
    await waitFor(() => expect(screen.getByTestId('note-view')).toHaveTextContent('v2'));
    fireEvent.click(screen.getByText('Edit'));
    view.rerender({ liveTick: 2 });
    expect(get).toHaveBeenCalledTimes(2);
    view.rerender({ liveTick: 3, reloadWhileEditing: true });
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    expect(screen.getByTestId('note-form')).toBeInTheDocument();
  });

  it('a guest has the close button and neither edit nor delete; an error the view reports is the banner', async () => {
    show({ guest: true });
    fireEvent.click(await screen.findByText('Fail'));
    expect(screen.getByTestId('note-banner')).toHaveTextContent('Something failed');
    expect(screen.getByTestId('note-close')).toBeInTheDocument();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it.each([
    { can_edit: true, can_delete: false, shown: ['Edit'] },
    { can_edit: false, can_delete: true, shown: ['Delete'] },
    { can_edit: false, can_delete: false, shown: [] },
  ])('the view offers what the server allows: edit $can_edit, delete $can_delete', async ({ can_edit, can_delete, shown }) => {
    show({ get: async (id) => ({ id, title: 'Budget', can_edit, can_delete }) });
    await screen.findByTestId('note-view');
    expect(['Edit', 'Delete'].filter((label) => screen.queryByText(label))).toEqual(shown);
  });

  it('a view that changed the item tells the page and loads it again', async () => {
    let version = 0;
    const { onChanged } = show({ get: async (id) => ({ id, title: `Note ${id} v${++version}` }) });
    expect(await screen.findByTestId('note-view')).toHaveTextContent('v1');
    fireEvent.click(screen.getByText('Voted'));
    await waitFor(() => expect(screen.getByTestId('note-view')).toHaveTextContent('v2'));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
