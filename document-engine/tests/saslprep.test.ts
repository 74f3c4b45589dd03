/** SASLprep (RFC 4013) as AES-256 PDF passwords need it: the RFC's own examples, then the cases users type. */
import { describe, expect, it } from 'vitest';
import { SaslprepError, saslprep } from '../src/core/crypto/saslprep.ts';

describe('saslprep', () => {
  it('does the examples of RFC 4013 §3', () => {
    expect(saslprep('I\u00adX')).toBe('IX'); // soft hyphen mapped to nothing
    expect(saslprep('user')).toBe('user');
    expect(saslprep('USER')).toBe('USER'); // no case folding
    expect(saslprep('\u00aa')).toBe('a'); // NFKC
    expect(saslprep('\u2168')).toBe('IX');
    expect(() => saslprep('\u0007')).toThrow(SaslprepError); // prohibited
    expect(() => saslprep('\u0627\u0031')).toThrow(SaslprepError); // bidi: must end with RandALCat
  });

  it('makes one password of a composed and a decomposed accent', () => {
    expect(saslprep('se\u0301same')).toBe('s\u00e9same');
    expect(saslprep('s\u00e9same')).toBe('s\u00e9same');
  });

  it('maps non-ASCII spaces to a space and removes zero-width characters', () => {
    for (const space of ['\u00a0', '\u2002', '\u2009', '\u202f', '\u3000']) expect(saslprep(`a${space}b`)).toBe('a b');
    expect(saslprep('a\u200bb\ufeffc\ufe0f')).toBe('abc');
  });

  it('keeps right-to-left text that is right-to-left throughout', () => {
    expect(saslprep('\u05e9\u05dc\u05d5\u05dd')).toBe('\u05e9\u05dc\u05d5\u05dd');
    expect(() => saslprep('\u05e9abc\u05dd')).toThrow(SaslprepError);
  });

  it('refuses private-use and non-characters, allows unassigned code points (a query)', () => {
    expect(() => saslprep('a\ue000')).toThrow(SaslprepError);
    expect(() => saslprep('a\ufffe')).toThrow(SaslprepError);
    expect(saslprep('a\u{e0080}')).toBe('a\u{e0080}'); // unassigned in Unicode 3.2
  });
});
