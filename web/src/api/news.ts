import { Routes, type RouteData } from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/** News posts (docs/product/administration.md#records: title, URL, description, committee, media, likes, comments): the contract's types. */
export type NewsPost = RouteData<typeof Routes.getNews>;
export type NewsComment = NewsPost['comments'][number];

export interface NewsInput {
  title: string;
  url: string;
  description: string;
  committee_id: number | null;
  /** the photos (png/jpeg), sent in the same multipart request as `media` */
  media: File[];
}

export const newsApi = {
  list: (q: { page: number; per_page: number }): Promise<Paged<NewsPost>> => api(Routes.listNews, { query: q }),
  /** POST /api/news (multipart: title, url, description, committee_id, media files) */
  create: async (input: NewsInput) => {
    const form = new FormData();
    form.append('title', input.title);
    form.append('url', input.url);
    form.append('description', input.description);
    if (input.committee_id !== null) form.append('committee_id', String(input.committee_id));
    for (const file of input.media) form.append('media', file);
    return (await apiCommand(Routes.createNews, { form })).message;
  },
  /** POST /api/news/{id}/like likes, DELETE takes the like back; both answer the post */
  like: (id: number, like: boolean): Promise<NewsPost> => api(like ? Routes.likeNews : Routes.unlikeNews, { params: { id } }),
  /** POST /api/news/{id}/comments { comment } */
  comment: async (id: number, comment: string) => (await apiCommand(Routes.commentNews, { params: { id }, body: { comment } })).message,
};
