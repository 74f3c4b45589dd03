import type { ContainerKind } from '../src/containerKind.ts';
import type { DocumentKind } from '../src/documentKind.ts';

/** One hostile document: a class of input that once hung, crashed or starved a reader. */
export type HostileDocument = {
  /** What makes it hostile, as a test title. */
  name: string;
  /** The kind the engine takes it for (from its bytes). */
  kind: DocumentKind | ContainerKind;
  /** A file name with the right extension, for uploads. */
  fileName: string;
  build: () => Uint8Array;
};
