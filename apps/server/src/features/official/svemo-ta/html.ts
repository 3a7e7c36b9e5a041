import { selectAll, selectOne } from 'css-select';
import type { AnyNode, Document, Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

// The one place TA's HTML is turned into a tree (htmlparser2, ADR 014); the pages are read by
// CSS selectors over that tree, never by patterns over the text.

export type { Document, Element };

export function parseHtml(html: string): Document {
  return parseDocument(html, { decodeEntities: true });
}

export function all(selector: string, root: AnyNode | AnyNode[]): Element[] {
  return selectAll(selector, root);
}

export function one(selector: string, root: AnyNode | AnyNode[]): Element | null {
  return selectOne(selector, root);
}

/** An element's text with non-breaking spaces as spaces and runs of white space as one. */
export function text(node: AnyNode | null | undefined): string {
  if (!node) return '';
  return textContent(node)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** The element's own child elements with this tag (not those of nested tables). */
export function childTags(element: Element, tag: string): Element[] {
  return element.children.filter(
    (child): child is Element => child.type === 'tag' && child.name === tag,
  );
}

export function classesOf(element: Element): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

export function hasClass(element: Element, name: string): boolean {
  return classesOf(element).includes(name);
}
