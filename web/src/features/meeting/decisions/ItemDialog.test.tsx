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
}

type Opts = Omit<ItemDialogOptions<Note>, 'onChanged' | 'onHide' | 'getDeps'> & {
  run?: () => Promise<{ message: string | null }>;
  removeRun?: () => Promise<string | null>;
  guest?: boolean;
};

function NoteDialog(props: Opts & { onChanged(): void; onHide(): void }) {
  const d = useItemDialog<Note>({ ...props, getDeps: [] });
  return (
    <ItemDialog
      state={d}
      testId="note"
      titles={{ create: 'New note', edit: 'Edit note', view: 'Note' }}
      closeLabel="Close"
      guest={props.guest}
      footerStart={<span data-testid="note-extra" />}
      form={
        <form data-testid="note-form" onSubmit={(e) => { e.preventDefault(); void d.save(props.run ?? (async () => ({ message: null })), 'Note saved').catch((err: unknown) => console.info('the form sees', err)); }}>
          <button type="submit">Save</button>
          <button type="button" onClick={d.cancel}>Cancel</button>
        </form>
      }
      view={(n) => (
        <div data-testid="note-view">
          {n.title}
          <button type="button" onClick={() => d.setEditing(true)}>Edit</button>
          <button type="button" onClick={() => d.remove('Delete the note?', props.removeRun ?? (async () => null), 'Deleted')}>Delete</button>
          <button type="button" onClick={() => d.setBanner('Something failed')}>Fail</button>
          <button type="button" onClick={() => void d.changed()}>Voted</button>
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
  const all: Opts = { id: 7, visible: true, get: async (id) => ({ id, title: `Note ${id}` }), ...opts };
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

  it('creates: the form at once, titled for a new item, no footer; a save toasts, tells the page and closes', async () => {
    const { onChanged, onHide, toasts, off } = show({ id: null, run: async () => ({ message: null }) });
    expect(screen.getByTestId('note-form')).toBeInTheDocument();
    expect(header()).toBe('New note');
    expect(screen.queryByTestId('note-close')).toBeNull();
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual(['success: Note saved']);
    off();
  });

  it('edits: a failed save shows the banner and keeps the form (the form gets the error too); a saved edit goes back to the view', async () => {
    const errors = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    let answer: Promise<{ message: string | null }> = Promise.reject(new ApiError(409, 'Error in validation'));
    answer.catch(() => undefined); // rejected on purpose: the save below receives it
    let version = 0;
    const get = jest.fn(async (id: number) => ({ id, title: `Note ${id} v${++version}` }));
    const { onChanged, onHide, toasts, off } = show({ get, run: () => answer });
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
    const { onChanged, onHide, toasts, off } = show({ removeRun: () => removed });
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete the note?')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual(['success: Deleted on the server']);
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
    const get = jest.fn(async (id: number) => ({ id, title: `Note ${id} v${++version}` }));
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

  it('a guest always has the close button; an error the view reports is the banner', async () => {
    show({ guest: true });
    fireEvent.click(await screen.findByText('Fail'));
    expect(screen.getByTestId('note-banner')).toHaveTextContent('Something failed');
    fireEvent.click(screen.getByText('Edit'));
    expect(screen.getByTestId('note-close')).toBeInTheDocument();
  });
});
