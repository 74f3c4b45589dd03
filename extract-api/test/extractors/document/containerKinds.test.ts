/**
 * The engine names the containers it reads, and the API's contract names the kinds an answer may
 * carry; the engine depends on no contract, so the two lists are kept apart, and held equal here.
 */
import { CONTAINER_KINDS, sniffContainerKind } from 'document-engine';
import { DOCUMENT_CONTAINER_KINDS, IMAGE_SOURCE_KINDS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';

describe('container kinds', () => {
  it('are the same in the engine and in the API contract, and each can be a card’s source', () => {
    expect([...DOCUMENT_CONTAINER_KINDS].sort()).toEqual([...CONTAINER_KINDS].sort());
    for (const kind of CONTAINER_KINDS) expect(IMAGE_SOURCE_KINDS).toContain(kind);
  });

  it('are never what a plain text file is', () => {
    expect(sniffContainerKind(new TextEncoder().encode('just some notes\n'))).toBeUndefined();
  });
});
