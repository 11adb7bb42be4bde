import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import type { NewsPost } from '../../api/news';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { NewsForm } from './NewsForm';
import { NewsPage } from './NewsPage';

const REQUIRED = 'This field is required.';
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);
const photo = (name = 'a.png') => new File(['x'], name, { type: 'image/png' });

describe('news form (title, URL, description, committee required; at least one photo; wait for uploads)', () => {
  it('shows every message on an empty submit', async () => {
    render(
      <Providers>
        <NewsForm committees={[{ id: 1, name: 'Audit' }]} onSubmit={jest.fn()} onCancel={jest.fn()} />
      </Providers>,
    );
    fireEvent.click(screen.getByTestId('news-submit'));
    for (const id of ['news-title', 'news-url', 'news-description', 'news-committee']) expect(await errorOf(id)).toHaveTextContent(REQUIRED);
    expect(await errorOf('news-photos')).toHaveTextContent('At least one photo is required.');
    type('news-url', 'example.com/post');
    expect(await errorOf('news-url')).toHaveTextContent('The URL must be a valid URL.');
    fireEvent.change(screen.getByTestId('news-photos'), { target: { files: [photo()] } });
    await waitFor(() => expect(screen.queryByTestId('news-photos-error')).toBeNull());
  });

  it("says 'Please wait until all media are uploaded' while the photos are sent", async () => {
    let finish: () => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <Providers>
        <NewsForm committees={[{ id: 1, name: 'Audit' }]} onSubmit={onSubmit} onCancel={jest.fn()} />
      </Providers>,
    );
    type('news-title', 'Annual report');
    type('news-url', 'https://example.com/report');
    type('news-description', 'Out now');
    fireEvent.change(screen.getByTestId('news-photos'), { target: { files: [photo()] } });
    // the committee dropdown: pick the option
    fireEvent.click(screen.getByTestId('news-committee'));
    fireEvent.click(await screen.findByText('Audit'));
    fireEvent.click(screen.getByTestId('news-submit'));
    expect(await screen.findByTestId('news-media-pending')).toHaveTextContent('Please wait until all media are uploaded');
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Annual report', url: 'https://example.com/report', description: 'Out now', committee_id: 1, media: [expect.any(File)] });
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByTestId('news-media-pending')).toBeNull());
  });
});

describe('news page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    session.signIn({ token: 'tok', email: 'ada@example.com' });
  });

  it('lists posts with likes and comments; like and unlike', async () => {
    const post = (liked: boolean) =>
      ({
        id: 3, title: 'Hello', url: 'https://x.test', description: 'Body', committee_id: 1, committee: { id: 1, name: 'Audit' }, media: ['/api/public/uploads/images/a.png'],
        likes: liked ? 1 : 0, liked, comments_count: 0, comments: [], author: { id: 1, name: 'Ada', image: null }, can_delete: false, created_at: '2025-01-02 10:00:00',
      }) satisfies NewsPost;
    let liked = false;
    const calls: Call[] = installFetch(
      on('GET', '/api/news', () => jsonResponse(200, { success: true, data: [post(liked)], meta: { page: 1, per_page: 10, total: 1, last_page: 1 } })),
      on('POST', '/api/news/3/like', () => {
        liked = true;
        return jsonResponse(200, { success: true, data: post(true) });
      }),
      on('DELETE', '/api/news/3/like', () => {
        liked = false;
        return jsonResponse(200, { success: true, data: post(false) });
      }),
    );
    renderWithApp(<NewsPage />);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.getByText('0 comments')).toBeInTheDocument();
    expect(document.querySelector('.news-post__media img')).toHaveAttribute('src', '/api/public/uploads/images/a.png');
    fireEvent.click(screen.getByText('0 likes'));
    expect(await screen.findByText('1 like')).toBeInTheDocument();
    fireEvent.click(screen.getByText('1 like'));
    expect(await screen.findByText('0 likes')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual(expect.arrayContaining(['POST /api/news/3/like', 'DELETE /api/news/3/like']));
  });
});
