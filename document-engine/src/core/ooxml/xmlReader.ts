/**
 * XML for OOXML parts, read with saxes 6: a streaming, DOM-free SAX parser (jsdom's own XML
 * parser: widely used, maintained, one small dependency), so it runs the same in a Worker and in
 * Node. Parts are walked once, in document order, and no tree is built: the callers keep only the
 * few elements they need. Namespace prefixes are resolved here, over saxes' plain mode.
 *
 * Why saxes rather than fast-xml-parser or txml: both build object trees and neither resolves
 * namespaces, and OOXML is namespace-first (a relationship id is `r:embed` only because `r` is
 * bound to the relationships namespace; writers may pick any prefix). fast-xml-parser was also
 * several times slower on a 1.3 MB document.xml; txml was no faster than saxes.
 */
import { SaxesParser } from 'saxes';
import { DocumentError } from '../../errors.ts';

export type XmlElement = {
  /** Local name, e.g. `blip`. */
  local: string;
  /** Namespace URI ('' when none). */
  uri: string;
  attributes: readonly XmlAttribute[];
};

export type XmlAttribute = { local: string; uri: string; value: string };

export type XmlHandlers = {
  open: (element: XmlElement) => void;
  close?: (element: Pick<XmlElement, 'local' | 'uri'>) => void;
  /** Character data (entities decoded), for the few readers that need an element's text. */
  text?: (text: string) => void;
};

/** Prefixes some writers use without declaring them; anything else unbound gets a private URI. */
const CONVENTIONAL_PREFIXES: Record<string, string> = {
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  o: 'urn:schemas-microsoft-com:office:office',
  v: 'urn:schemas-microsoft-com:vml',
};

/** Decodes a part's bytes: UTF-8 unless a UTF-16 byte-order mark says otherwise. */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Walks an XML text in document order; malformed XML throws DocumentError 'invalid'.
 *
 * saxes resolves namespaces itself when asked (`xmlns: true`), at about half its plain speed; we
 * keep the prefix scopes here instead (OOXML declares them on the root, so this costs little).
 */
export function walkXml(text: string, handlers: XmlHandlers, partName = 'a part'): void {
  const parser = new SaxesParser({ position: false });
  const outer: Scope[] = [];
  let scope = newScope(new Map([['xml', XML_NAMESPACE]]));

  parser.on('opentag', (tag) => {
    const raw = tag.attributes as Record<string, string>;
    outer.push(scope);
    for (const name in raw) {
      if (!isNamespaceDeclaration(name)) continue;
      if (scope === outer[outer.length - 1]) scope = newScope(scope.prefixes);
      scope.prefixes.set(name.slice(6), raw[name] ?? '');
    }
    const attributes: XmlAttribute[] = [];
    for (const name in raw) {
      if (isNamespaceDeclaration(name)) continue;
      const { local, uri } = resolveName(scope, name, false);
      attributes.push({ local, uri, value: raw[name] ?? '' });
    }
    const { local, uri } = resolveName(scope, tag.name, true);
    handlers.open({ local, uri, attributes });
  });
  const { close, text: onText } = handlers;
  if (onText) parser.on('text', onText);
  parser.on('closetag', (tag) => {
    if (close) close(resolveName(scope, tag.name, true));
    scope = outer.pop() ?? scope;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('invalid', `The document's ${partName} is not well-formed XML.`, { cause: error });
  }
}

/** The namespace prefixes in force, and the names already resolved under them. */
type Scope = {
  prefixes: Map<string, string>;
  elements: Map<string, { local: string; uri: string }>;
  attributes: Map<string, { local: string; uri: string }>;
};

function newScope(prefixes: ReadonlyMap<string, string>): Scope {
  return { prefixes: new Map(prefixes), elements: new Map(), attributes: new Map() };
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const COLON = 0x3a;

/** A qualified name's local part and namespace. Unprefixed: the default namespace for elements, none for attributes. */
function resolveName(scope: Scope, name: string, isElement: boolean): { local: string; uri: string } {
  const names = isElement ? scope.elements : scope.attributes;
  const cached = names.get(name);
  if (cached) return cached;
  const colon = name.indexOf(':');
  const resolved =
    colon < 0
      ? { local: name, uri: isElement ? (scope.prefixes.get('') ?? '') : '' }
      : { local: name.slice(colon + 1), uri: prefixUri(scope, name.slice(0, colon)) };
  names.set(name, resolved);
  return resolved;
}

/** `xmlns` or `xmlns:prefix`. */
function isNamespaceDeclaration(name: string): boolean {
  return name.startsWith('xmlns') && (name.length === 5 || name.charCodeAt(5) === COLON);
}

function prefixUri(scope: Scope, prefix: string): string {
  return scope.prefixes.get(prefix) ?? CONVENTIONAL_PREFIXES[prefix] ?? `urn:unbound-prefix:${prefix}`;
}

/** The value of the attribute `local` in no namespace. */
export function attributeValue(element: XmlElement, local: string): string | undefined {
  for (const attribute of element.attributes) {
    if (attribute.local === local && attribute.uri === '') return attribute.value;
  }
  return undefined;
}
