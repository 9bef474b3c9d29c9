/**
 * A server-sent event stream parser (the HTML standard's "event stream interpretation"),
 * fed text as it arrives in chunks of any size. The app reads `/api/events/` with fetch,
 * not EventSource, because EventSource cannot send the identity headers; this is the part
 * of EventSource that fetch does not do.
 */

export interface SseEvent {
  /** `message` when the stream named none. */
  event: string;
  data: string;
  /** The last event id as of this event (ids persist until a later `id:` line). */
  id: string;
}

export interface SseParser {
  /** Feeds the next chunk of decoded text. */
  push(chunk: string): void;
  /** The last `id:` the stream set ('' before any): sent back as Last-Event-ID. */
  readonly lastEventId: string;
  /** The reconnection time the stream asked for (`retry:`), in ms, or null. */
  readonly retry: number | null;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let lastEventId = '';
  let retry: number | null = null;
  let eventType = '';
  let data: string[] = [];
  let hasData = false;
  // A chunk that ended in "\r" may be the first half of "\r\n".
  let skipLeadingLf = false;

  const dispatch = () => {
    if (hasData) {
      onEvent({ event: eventType || 'message', data: data.join('\n'), id: lastEventId });
    }
    eventType = '';
    data = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        // An id with a NUL is ignored, as the standard says.
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
      default:
        break;
    }
  };

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i));
        if (char === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return lastEventId;
    },
    get retry() {
      return retry;
    },
  };
}
