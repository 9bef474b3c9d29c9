/**
 * Client addresses as the keys of counters kept in Redis (the per-IP rate limits): an
 * HMAC of the address under a key derived from the server secret, so that Redis, its
 * snapshots and its replicas hold no address. Every instance sharing the secret (as they
 * must) derives the same key, so a limit stays one budget across instances.
 */
import { createHmac, hkdfSync } from 'node:crypto';

/** 128 bits: two addresses sharing a budget by chance is out of reach. */
const KEY_CHARS = 22;

export class AddressKeys {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'address-key/v1', 32));
  }

  of(address: string): string {
    return createHmac('sha256', this.key).update(address).digest('base64url').slice(0, KEY_CHARS);
  }
}
