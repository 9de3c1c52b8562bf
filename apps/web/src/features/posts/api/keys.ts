/** Query keys of the posts domain; every invalidation imports them from here. */
export type PostList =
  | { kind: 'explore' }
  | { kind: 'author'; userId: string }
  | { kind: 'saved' }
  | { kind: 'liked' };

export const postKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  list: (list: PostList) => ['posts', 'list', list] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  comments: (id: string) => ['posts', 'comments', id] as const,
};
