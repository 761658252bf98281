/** The part of `http_ece` (Encrypted Content-Encoding, RFC 8188; web-push's own) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decrypts an aes128gcm web push message as the browser holding `privateKey` does (RFC 8291). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;

  const ece: { decrypt: typeof decrypt };
  export default ece;
}
