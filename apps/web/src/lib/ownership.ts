/** Ownership on the client (spec §5): the server only returns user/session_id on own items. */
export interface Owned {
  user?: number | null;
  session_id?: string | null;
}

export interface Viewer {
  userId: number | null;
  sessionId: string | null;
}

export function isOwner(item: Owned, viewer: Viewer): boolean {
  if (viewer.userId !== null && item.user != null && item.user === viewer.userId) return true;
  return (
    viewer.sessionId !== null && item.session_id != null && item.session_id === viewer.sessionId
  );
}
