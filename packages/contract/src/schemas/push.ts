/**
 * Web Push on one device: the server's public VAPID key, and a browser's subscription
 * (`PushSubscription.toJSON()`), kept under the identity that sends it (an account, or an
 * anonymous key in X-Session-Id). A push says only what kind of news there is and where it
 * leads: `PushPayload`, never a post's text.
 */
import { type Static, Type } from 'typebox';
import { NOTIFICATION_KINDS } from '../enums.ts';
import { LIMITS } from '../limits.ts';

export const PushKey = Type.Object({
  public_key: Type.String({
    description:
      "The server's VAPID public key (unpadded base64url): the browser's `applicationServerKey`.",
  }),
});
export type PushKey = Static<typeof PushKey>;

const Endpoint = Type.String({
  maxLength: LIMITS.pushEndpointMax,
  description: "The push service's https URL for this browser, as the browser gave it.",
});

export const PushSubscriptionBody = Type.Object({
  endpoint: Endpoint,
  keys: Type.Object({
    p256dh: Type.String({
      maxLength: 200,
      description: "The browser's P-256 public key (65 bytes, base64url).",
    }),
    auth: Type.String({
      maxLength: 100,
      description: "The browser's authentication secret (16 bytes, base64url).",
    }),
  }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = Type.Object({ endpoint: Endpoint });
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

/** What a push carries, encrypted to the browser: the kind of news and the page it opens. */
export const PushPayload = Type.Object({
  kind: Type.Enum(NOTIFICATION_KINDS),
  url: Type.String(),
});
export type PushPayload = Static<typeof PushPayload>;
