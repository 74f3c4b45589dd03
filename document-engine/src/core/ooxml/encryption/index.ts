/**
 * ECMA-376 (MS-OFFCRYPTO) password encryption of DOCX/PPTX/XLSX-style packages, agile and
 * standard: from the compound file and a password to the package's ZIP bytes.
 */
export { type DecryptOptions, decryptPackage } from './decryptPackage.ts';
export { MAX_SPIN_COUNT } from './encryptionInfo.ts';
