/**
 * WHATWG URLSearchParams, a global in browsers and in Node.js alike. The contract loads
 * neither the DOM's types nor Node's (it runs in both), so it declares the part it uses.
 */
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}
