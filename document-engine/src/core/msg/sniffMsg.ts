/**
 * An Outlook message from its bytes: a compound file whose root holds the message's property
 * stream and its `__substg1.0_` property streams (the sniffer loads without the reader).
 */
import type { CompoundFile } from '../legacy/compoundFile.ts';

export function isMsg(file: CompoundFile): boolean {
  return file.has('__properties_version1.0') && file.names().some((name) => name.startsWith('__substg1.0_'));
}
