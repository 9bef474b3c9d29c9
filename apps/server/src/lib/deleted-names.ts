/**
 * The login names of deleted accounts, as the database keeps them for a while: an HMAC of
 * the name (lower-cased, as names are compared) under a key derived from the server secret,
 * so that the table says nothing of which names were deleted to whoever reads it without
 * the secret, and the registration of a name can still be checked against it.
 */
import { createHmac, hkdfSync } from 'node:crypto';

export class DeletedNames {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'deleted-login-name/v1', 32));
  }

  /** The value kept for a login name (a username or an email), whatever its case. */
  of(name: string): Buffer {
    return createHmac('sha256', this.key).update(name.toLowerCase()).digest();
  }
}
