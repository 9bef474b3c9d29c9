/**
 * A stand-in for a browser's push service, for tests: an HTTP server on 127.0.0.1 that
 * keeps every push it receives, and a browser's side of a subscription (its P-256 key pair
 * and auth secret, made with node:crypto) that decrypts them as the browser would: RFC 8291
 * (Message Encryption for Web Push) over RFC 8188's aes128gcm content coding. It also reads
 * the VAPID header (RFC 8292), checking the token's signature, audience and expiry.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's half of a subscription: what it sends the server, and what it keeps. */
export interface BrowserKeys {
  /** `PushSubscription.toJSON().keys`: the public key and the auth secret, base64url. */
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    authSecret,
  };
}

/**
 * Decrypts an aes128gcm push body with the browser's keys (RFC 8291 §3.4, RFC 8188 §2):
 * header `salt(16) | rs(4) | idlen(1) | keyid` where keyid is the sender's ephemeral public
 * key, then one record, whose plaintext ends with the last-record delimiter 0x02 and padding.
 */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record: not a push');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.publicKey,
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** What a VAPID `Authorization: vapid t=<JWT>, k=<public key>` header says, once verified. */
export interface Vapid {
  publicKey: string;
  claims: { aud: string; exp: number; sub: string };
}

/** Reads and verifies the VAPID header (ES256 over the JWT, with the key it names). */
export function readVapid(authorization: string | undefined): Vapid {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [token = '', publicKey = ''] = match.slice(1);
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID token is not signed by its key');
  return {
    publicKey,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Vapid['claims'],
  };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushServiceStub {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A fresh endpoint on this stub; pushes to it are answered with `status` (201 by default). */
  endpoint(status?: number): string;
  /** Every push received, in order. */
  received: ReceivedPush[];
  /** The pushes received on one endpoint. */
  receivedOn(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushServiceStub(): Promise<PushServiceStub> {
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint(status = 201) {
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      statuses.set(path, status);
      return `${origin}${path}`;
    },
    received,
    receivedOn(endpoint) {
      const path = new URL(endpoint).pathname;
      return received.filter((push) => push.path === path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
