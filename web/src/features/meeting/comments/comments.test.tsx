import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Comment } from '@app/contracts';
import { onNotify, type Notice } from '../../../api/notify';
import { session } from '../../../api/session';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { ok } from '../decisions/fixtures';
import { Comments } from './Comments';

function aComment(over: Partial<Comment> = {}): Comment {
  return {
    id: 70, comment: 'Looks fine', body: 'Looks fine', content: 'Looks fine', commented_type: 'decisions', commented_id: 11, user_id: 2, user_email: null,
    user_name: 'Grace', user_image: null, created_at: '2026-11-20 09:00:00', can_delete: false, ...over,
  } satisfies Comment;
}

let notices: Notice[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'grace@example.com' });
  notices = [];
  stop = onNotify((n) => void notices.push(n));
});
afterEach(() => stop());

const box = () => screen.getByTestId('comment-input');
const typeComment = (text: string) => fireEvent.change(box(), { target: { value: text } });
const texts = () => screen.queryAllByTestId('comment').map((li) => li.querySelector('.comments__text')?.textContent);

describe('comments under an item (Enter sends, optimistic, success and notify messages)', () => {
  it('Enter sends the trimmed text; the comment shows at once; then Comment added successfully and Participants have been notified via email', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const calls = installFetch(
      on('POST', '/api/decisions/11/comment', async () => {
        await held;
        return jsonResponse(200, ok(aComment({ id: 71, comment: 'Agreed', body: 'Agreed', content: 'Agreed' }), 'Comment added successfully'));
      }),
      on('POST', '/api/decisions/11/comment/71/notify', () => jsonResponse(200, ok({ notified: 2 }, 'Participants have been notified via email'))),
    );
    const onChanged = jest.fn();
    renderWithApp(<Comments kind="decisions" itemId={11} comments={[aComment()]} canComment participants={[{ user_id: 2 }, { user_email: 'g@example.com' }]} onChanged={onChanged} />);
    expect(box()).toHaveAttribute('rows', '2');
    typeComment('  Agreed  ');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(calls).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter' });
    // shown before the server answers, and the box is empty again
    expect(texts()).toEqual(['Looks fine', 'Agreed']);
    expect(box()).toHaveValue('');
    release();
    await waitFor(() => expect(notices.map((n) => n.summary)).toEqual(['Comment added successfully', 'Participants have been notified via email']));
    expect(calls[0].body).toEqual({ comment: 'Agreed' });
    expect(calls[1].body).toEqual({ participants: [{ user_id: 2 }, { user_email: 'g@example.com' }] });
    expect(texts()).toEqual(['Looks fine', 'Agreed']);
    expect(onChanged).toHaveBeenCalled();
  });

  it('a refused comment disappears again and its message is shown; a blank one is not sent', async () => {
    const calls = installFetch(on('POST', '/api/decisions/11/comment', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'The comment field is required.' })));
    renderWithApp(<Comments kind="decisions" itemId={11} comments={[]} canComment />);
    typeComment('   ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByTestId('comment-send')).toBeDisabled();
    expect(calls).toHaveLength(0);
    typeComment('Too late');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(texts()).toEqual(['Too late']);
    await waitFor(() => expect(texts()).toEqual([]));
    expect(notices.map((n) => [n.severity, n.summary])).toContainEqual(['error', 'The comment field is required.']);
  });

  it('without can_comment there is no box', () => {
    installFetch();
    renderWithApp(<Comments kind="actions" itemId={21} comments={[aComment()]} canComment={false} />);
    expect(screen.queryByTestId('comment-input')).toBeNull();
    expect(texts()).toEqual(['Looks fine']);
  });
});
