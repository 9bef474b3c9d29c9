/**
 * `GET /api/notifications/` (a page at a time, the next in the Link header) and
 * `POST /api/notifications/read/` (by id, all, or every one about a question). Both belong
 * to the requester: an account, or this tab's key.
 */
import { LIMITS, type MarkReadBody, type Notification, type UnreadCount } from '@dating/contract';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, nextLink } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface NotificationPage {
  items: Notification[];
  /** The next page's address from the Link header, or null on the last page. */
  next: string | null;
}

export async function getNotificationsPage(
  pageUrl: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const response = await api.request<Notification[]>('GET', pageUrl ?? '/api/notifications/', {
    ...(pageUrl ? {} : { query: { limit: LIMITS.pageSizeDefault } }),
    ...(signal ? { signal } : {}),
  });
  return { items: response.data, next: nextLink(response.headers.get('Link')) };
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
}

export const markRead = (body: MarkReadBody) => api.post<void>('/api/notifications/read/', body);

/** `GET /api/notifications/unread/`: how many are unread now (the live stream tells later). */
export const getUnreadCount = async (signal?: AbortSignal) =>
  (await api.get<UnreadCount>('/api/notifications/unread/', signal ? { signal } : {})).count;

/** Whether a notification is one of those `body` marks read. */
function isMarked(body: MarkReadBody, item: Notification, ids: ReadonlySet<number>): boolean {
  if (body.all) return true;
  if (body.question !== undefined) return item.question === body.question;
  return ids.has(item.id);
}

/**
 * Whether the inbox as last read holds an unread notification about the question (false
 * when it has not been read: the unread count is all that is known then).
 */
export function hasUnreadAbout(queryClient: QueryClient, question: number): boolean {
  const inbox = queryClient.getQueryData<InfiniteData<NotificationPage>>(queryKeys.notifications);
  return (
    inbox?.pages.some((page) =>
      page.items.some((item) => !item.read && item.question === question),
    ) ?? false
  );
}

/**
 * Marks some notifications (by id, all, or those of a question) read: shown at once, and
 * read again from the server after.
 */
/** Shows the items `body` marks as read at once, in the inbox as last read. */
function showMarked(queryClient: QueryClient, body: MarkReadBody) {
  const ids = new Set(body.ids ?? []);
  queryClient.setQueryData<InfiniteData<NotificationPage>>(queryKeys.notifications, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            items: page.items.map((item) =>
              isMarked(body, item, ids) ? { ...item, read: true } : item,
            ),
          })),
        }
      : old,
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (body) => showMarked(queryClient, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

/**
 * `useMarkRead` outside a component: for the question page, which loads this module only
 * once it marks a thread read (it is not among the first screen's files).
 */
export function markReadNow(queryClient: QueryClient, body: MarkReadBody): void {
  showMarked(queryClient, body);
  void markRead(body)
    .catch(() => {}) // the inbox, read again below, shows what the server kept
    .finally(() => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }));
}
