/**
 * The events of `GET /api/events/` (text/event-stream), by the name each is sent under; what
 * each carries is its schema (schemas/notifications.ts). The browser reads these names too.
 */
export const LIVE_EVENTS = {
  /** `NotificationEvent`: the requester's unread count may have changed. */
  notification: 'notification',
  /** `ReplyEvent`: a reply of the watched thread became visible to strangers. */
  reply: 'reply',
  /** `UnavailableEvent`: the watched question was deleted or hidden; the stream ends. */
  unavailable: 'unavailable',
} as const;
