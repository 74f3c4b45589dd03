/**
 * All the cryptography of the engine, in one place: hashes (@noble/hashes), AES-CBC (WebCrypto,
 * in browsers and Node alike), RC4, and SASLprep (AES-256 passwords). The PDF security handler
 * and Office's RC4 CryptoAPI reader build their key derivations from these.
 */
export { aesCbcDecryptNoPad, aesCbcEncryptNoPad, aesDecryptPdf } from './aes.ts';
export { concatBytes, md5, sha, sha1 } from './hashes.ts';
export { rc4 } from './rc4.ts';
export { SaslprepError, saslprep } from './saslprep.ts';
