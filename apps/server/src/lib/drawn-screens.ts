/**
 * First screens drawn on the server, kept for a few seconds. Drawing a feed page of 20 cards
 * takes tens of milliseconds of CPU, and most visitors get the same page: a stranger's feed
 * changes only with a write. So a drawing is kept by the page's address and the data it was
 * drawn from (the JSON without its clock) and its language, and reused for `TTL_MS`, with the clock it was
 * drawn at: "5 minutes ago" may then be read a few seconds early, until the app hydrates and
 * draws its own time. Any change in the data is a new key, so nobody is shown an older list.
 * A drawing in progress is shared by the requests that want it; a failed one is not kept.
 */
import type { ServerBuild, SiteLocale } from '@dating/contract';
import { LruCache } from './lru-cache.ts';

/** Draws a page's first screen: its markup, from its address and its data's JSON. */
export type DrawFirstScreen = ServerBuild['renderFirstScreen'];

const TTL_MS = 15_000;
/** About 50 feed pages of keys and markup. */
const MAX_CHARS = 8_000_000;

export interface DrawnScreen {
  /** The page's data JSON, with the clock the markup was drawn at. */
  json: string;
  markup: string;
}

export class DrawnScreens {
  private readonly kept = new LruCache<string, { at: number; drawing: Promise<DrawnScreen> }>(
    MAX_CHARS,
  );

  constructor(
    private readonly draw: DrawFirstScreen,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The page's data JSON and its drawn markup in `locale`. `withClock(now)` is the data's
   * JSON with `now` as its clock; `body` is what it holds besides (the key, with `url` and
   * `locale`: the same page in another language is another drawing).
   */
  async screen(
    url: string,
    body: string,
    withClock: (now: number) => string,
    locale: SiteLocale = 'en',
  ) {
    const key = `${locale}\n${url}\n${body}`;
    const now = this.clock();
    const kept = this.kept.get(key);
    if (kept !== undefined && now - kept.at < TTL_MS) return kept.drawing;
    const json = withClock(now);
    const drawing = this.draw(url, json, locale).then((markup) => ({ json, markup }));
    // The markup is about as long as the data it shows: the key's length twice over.
    this.kept.set(key, { at: now, drawing }, key.length * 2);
    drawing.catch(() => {
      if (this.kept.get(key)?.drawing === drawing) this.kept.delete(key);
    });
    return drawing;
  }
}
