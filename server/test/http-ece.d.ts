// The part of http_ece@1's API the test push service uses (the package ships no types).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair: a browser's subscription key. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret, in base64url. */
    authSecret: string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
