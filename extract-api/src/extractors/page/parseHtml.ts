import {
  type AnyNode,
  type ChildNode,
  Comment,
  Document,
  Element,
  type ParentNode,
  ProcessingInstruction,
  Text,
} from 'domhandler';
import { ElementType, type Handler, Parser } from 'htmlparser2';

/**
 * The tree htmlparser2's `parseDocument` builds (the same parser and options, the same events, nodes
 * of domhandler's classes), made without calling domhandler's constructors: their class fields, a
 * dozen defined one at a time on every node, took a third of the time of reading a page. Each node
 * gets the fields a constructed one has a value in; the others (`namespace`, `x-attribs*`) stay
 * unset, which every reader of them takes as not given.
 */
const PARSER_OPTIONS = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } as const;

function newNode<T extends AnyNode>(prototype: T): T {
  const node = Object.create(prototype) as T;
  node.parent = null;
  node.prev = null;
  node.next = null;
  node.startIndex = null;
  node.endIndex = null;
  return node;
}

function newElement(name: string, attribs: Record<string, string>): Element {
  const element = newNode(Element.prototype);
  element.children = [];
  element.name = name;
  element.attribs = attribs;
  element.type = name === 'script' ? ElementType.Script : name === 'style' ? ElementType.Style : ElementType.Tag;
  return element;
}

function newText(data: string): Text {
  const text = newNode(Text.prototype);
  text.data = data;
  text.type = ElementType.Text;
  return text;
}

function newComment(data: string): Comment {
  const comment = newNode(Comment.prototype);
  comment.data = data;
  comment.type = ElementType.Comment;
  return comment;
}

function newDirective(name: string, data: string): ProcessingInstruction {
  const directive = newNode(ProcessingInstruction.prototype);
  directive.data = data;
  directive.type = ElementType.Directive;
  directive.name = name;
  return directive;
}

/**
 * domhandler's DomHandler, as it reads HTML: without positions, and without CDATA sections, which the
 * parser gives as comments or text in HTML.
 */
class TreeBuilder implements Partial<Handler> {
  readonly root: Document;
  private readonly open: ParentNode[];
  private last: Text | Comment | null = null;

  constructor() {
    this.root = newNode(Document.prototype);
    this.root.children = [];
    this.root.type = ElementType.Root;
    this.open = [this.root];
  }

  private add(node: ChildNode): void {
    const parent = this.open[this.open.length - 1] as ParentNode;
    const previous = parent.children[parent.children.length - 1];
    parent.children.push(node);
    if (previous) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    this.last = null;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    const element = newElement(name, attribs);
    this.add(element);
    this.open.push(element);
  }

  onclosetag(): void {
    this.last = null;
    this.open.pop();
  }

  ontext(data: string): void {
    if (this.last?.type === ElementType.Text) {
      this.last.data += data;
      return;
    }
    const text = newText(data);
    this.add(text);
    this.last = text;
  }

  oncomment(data: string): void {
    if (this.last?.type === ElementType.Comment) {
      this.last.data += data;
      return;
    }
    const comment = newComment(data);
    this.add(comment);
    this.last = comment;
  }

  oncommentend(): void {
    this.last = null;
  }

  onprocessinginstruction(name: string, data: string): void {
    this.add(newDirective(name, data));
  }
}

/** An HTML page's tree: what `parseDocument(html, PARSER_OPTIONS)` gives. */
export function parseHtml(html: string): Document {
  const builder = new TreeBuilder();
  new Parser(builder, PARSER_OPTIONS).end(html);
  return builder.root;
}
