/**
 * Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies":
 * a browser that signed in to an account gets a cookie proving so, and its later logins
 * to that account are not held up when strangers have spent the account's budget of
 * failed logins (plugins/rate-limit.ts, SECURITY.md). So anyone can slow guessing at an
 * account, but nobody can lock its owner out.
 *
 * The cookie holds a random device id and, for up to three accounts signed in on this
 * device, a keyed hash (HMAC) of the device id with the account id: it names no account,
 * and the server keeps nothing about devices. It is HttpOnly, SameSite=Strict, and sent
 * only to the token calls (Path=/api/token/), so it never travels with anonymous posts
 * and cannot link them to an account.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const COOKIE_NAME = 'device';
const COOKIE_PATH = '/api/token/';
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 3;
/** 16 bytes, base64url. */
const PART = '[A-Za-z0-9_-]{22}';
const VALUE_RE = new RegExp(`^(${PART})((?:\\.${PART}){1,${MAX_ACCOUNTS}})$`);

export interface Device {
  /** The device's random id, also the key of its own login budget. */
  id: string;
  /** One keyed hash per account signed in on this device, newest first. */
  marks: string[];
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('device-cookie-v1').digest();
  }

  /** The device a request's Cookie header names, or null (no cookie, or a malformed one). */
  read(cookieHeader: string | undefined): Device | null {
    for (const part of cookieHeader?.split(';') ?? []) {
      const [name, ...rest] = part.trim().split('=');
      if (name !== COOKIE_NAME) continue;
      const match = VALUE_RE.exec(rest.join('='));
      if (match?.[1] && match[2]) return { id: match[1], marks: match[2].slice(1).split('.') };
    }
    return null;
  }

  /** Whether this device signed in to the account before (its mark is genuine). */
  knows(device: Device | null, userId: number): boolean {
    if (device === null) return false;
    const expected = Buffer.from(this.mark(device.id, userId));
    return device.marks.some((mark) => {
      const given = Buffer.from(mark);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  /** The Set-Cookie header value once `userId` has signed in on this device. */
  cookieAfterLogin(device: Device | null, userId: number, secure: boolean): string {
    const id = device?.id ?? randomBytes(16).toString('base64url');
    const mark = this.mark(id, userId);
    const marks = [mark, ...(device?.marks ?? []).filter((m) => m !== mark)].slice(0, MAX_ACCOUNTS);
    return [
      `${COOKIE_NAME}=${id}.${marks.join('.')}`,
      `Path=${COOKIE_PATH}`,
      `Max-Age=${MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }

  private mark(deviceId: string, userId: number): string {
    return createHmac('sha256', this.key)
      .update(`${deviceId}.${userId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}
