import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.ts';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return { events, parser };
}

describe('the event stream parser', () => {
  it('reads named events with their data and id, as the server writes them', () => {
    const { events, parser } = parse([
      'retry: 3000\nid: 0.0\n\n',
      'id: 0.1\nevent: notification\ndata: {"unread": 2}\n\n',
    ]);
    expect(events).toEqual([{ event: 'notification', data: '{"unread": 2}', id: '0.1' }]);
    expect(parser.retry).toBe(3000);
    expect(parser.lastEventId).toBe('0.1');
  });

  it('keeps the id of a block without data (the stream says where it starts) and sends no event', () => {
    const { events, parser } = parse(['id: 17.0\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('17.0');
  });

  it('puts together events split anywhere across chunks, line endings included', () => {
    const whole = 'id: 4.1\r\nevent: reply\r\ndata: {"question":3,"answer":4}\r\n\r\n';
    for (let cut = 1; cut < whole.length; cut += 1) {
      const { events } = parse([whole.slice(0, cut), whole.slice(cut)]);
      expect(events, `cut at ${cut}`).toEqual([
        { event: 'reply', data: '{"question":3,"answer":4}', id: '4.1' },
      ]);
    }
  });

  it('accepts \\r alone as a line end', () => {
    const { events } = parse(['event: a\rdata: x\r\r']);
    expect(events).toEqual([{ event: 'a', data: 'x', id: '' }]);
  });

  it('ignores comments (the heartbeat) and unknown fields, and joins data lines', () => {
    const { events } = parse([': heartbeat\n\n', 'foo: bar\ndata: one\ndata:two\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo', id: '' }]);
  });

  it('waits for the blank line: an unfinished event is not sent', () => {
    const { events } = parse(['event: notification\ndata: {"unread": 1}\n']);
    expect(events).toEqual([]);
  });

  it('ignores a retry that is not a number and an id with a NUL', () => {
    const { parser } = parse(['retry: soon\nid: 1.0\n\n', 'id: a\0b\n\n']);
    expect(parser.retry).toBeNull();
    expect(parser.lastEventId).toBe('1.0');
  });
});
