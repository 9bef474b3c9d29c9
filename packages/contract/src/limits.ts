/**
 * Limits the specification leaves open. Every one is inclusive and is
 * enforced by the server with a 400; the web app uses the same numbers for hints.
 */
export const LIMITS = {
  questionTextMax: 20_000,
  replyTextMax: 10_000,
  tagMax: 32,
  tagsPerQuestionMax: 10,
  reportDetailsMax: 2_000,
  usernameMin: 3,
  usernameMax: 150,
  passwordMin: 8,
  passwordMax: 1_024,
  emailMax: 254,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  moderationNoteMax: 1_000,
  /** The asker's outcomes: replies marked "This helped", dated updates. */
  helpfulPerQuestionMax: 3,
  updatesPerQuestionMax: 5,
  updateTextMax: 1_000,
  /**
   * How deep replies nest: a top-level answer is at depth 1, a reply to it at 2. A reply
   * deeper than this is refused; a thread read shows any deeper answer stored before the
   * limit (or written around it) at this depth, under its nearest ancestor there.
   */
  replyDepth: 50,
  /**
   * How deeply elements may nest in question HTML (inline marks, lists, links together):
   * markup nested deeper is dropped, its text kept. The editor never nests half as deep.
   */
  htmlNestingMax: 20,
  /** Words (and phrases) of a search that count; the rest of a long search is ignored. */
  searchTermsMax: 16,
  /**
   * A search's `X-Total-Count` counts its matches up to this many (the server's window of
   * ranked candidates): a count of this many means "at least".
   */
  searchCountMax: 300,
  /** Questions one identity (account or key) may follow at once. */
  followsMax: 1_000,
  /** A notification's excerpt of the post that caused it, in characters. */
  notificationExcerptMax: 140,
  /** The question's own words beside a notification or a follow, in characters. */
  questionTextExcerptMax: 140,
  /** Notifications marked read at once by id. */
  markReadMax: 100,
  /** Devices (push subscriptions) one identity may be told on at once. */
  pushSubscriptionsMax: 10,
  /** A push endpoint's URL, in characters (push services' are a few hundred). */
  pushEndpointMax: 1000,
  /** Days a deleted account's username and email stay unavailable to a new account. */
  deletedNameDays: 30,
} as const;

/**
 * ASCII letters, digits and @ . + - _ (username.ts says why ASCII). The name is normalized
 * (NFKC, trimmed) before it is checked, so full-width letters become these.
 */
export const USERNAME_PATTERN = '^[A-Za-z0-9@.+\\-_]+$';

/** The largest id (PostgreSQL's integer): ids in addresses and bodies are 1 to this. */
export const MAX_ID = 2_147_483_647;
