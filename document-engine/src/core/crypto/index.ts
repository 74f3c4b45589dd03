/**
 * All the cryptography of the engine, in one place: hashes (@noble/hashes), AES-CBC (WebCrypto,
 * in browsers and Node alike; AES-ECB built on it), HMAC (WebCrypto), RC4, and SASLprep (AES-256
 * passwords). The PDF security handler, Office's RC4 CryptoAPI reader and ECMA-376 package
 * encryption (core/ooxml/encryption) build their key derivations from these.
 */
export { aesCbcDecryptNoPad, aesCbcEncryptNoPad, aesDecryptPdf, aesEcbDecryptNoPad } from './aes.ts';
export { concatBytes, hashFunction, md5, type OfficeHashName, type SyncHash, sha, sha1 } from './hashes.ts';
export { hmac } from './hmac.ts';
export { rc4 } from './rc4.ts';
export { SaslprepError, saslprep } from './saslprep.ts';
