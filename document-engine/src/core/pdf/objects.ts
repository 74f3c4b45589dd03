/**
 * PDF object model (ISO 32000-1 §7.3): the few classes the object reader needs. Strings and
 * streams remember the indirect object that holds them, so encrypted ones can be decrypted when
 * they are used (decryption is async: WebCrypto).
 */
export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return `${this.num} ${this.gen}`;
  }
}

export type ObjectId = { num: number; gen: number };

export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly owner?: ObjectId,
  ) {}
}

/** An operator in a content stream, or a keyword such as `obj`, `stream`, `R`. */
export class PdfCommand {
  constructor(readonly name: string) {}
}

export class PdfDict {
  readonly map = new Map<string, PdfObject>();
  get(key: string): PdfObject | undefined {
    return this.map.get(key);
  }
  set(key: string, value: PdfObject): void {
    this.map.set(key, value);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** The stored bytes, still encrypted and encoded. */
    readonly raw: Uint8Array,
    readonly owner?: ObjectId,
  ) {}
}

export type PdfObject = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfObject[];

export function nameOf(value: unknown): string | undefined {
  return value instanceof PdfName ? value.name : undefined;
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 4096) {
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 4096)));
  }
  return text;
}
