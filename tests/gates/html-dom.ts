import { DomUtils, parseDocument } from 'htmlparser2'

/**
 * Reading our own HTML (and SVG) for the release gates: a real parser
 * (htmlparser2), so what the gates see is what a browser or crawler sees,
 * not what a regular expression guesses.
 */

export type HtmlDocument = ReturnType<typeof parseDocument>
export type HtmlElement = ReturnType<typeof DomUtils.findAll>[number]

export function parseHtml(html: string): HtmlDocument {
  return parseDocument(html)
}

/** An SVG file, parsed as XML (ids and attribute names keep their case). */
export function parseSvg(svg: string): HtmlDocument {
  return parseDocument(svg, { xmlMode: true })
}

/** Every element inside `root` that passes the test, in document order. */
export function findElements(root: HtmlDocument | HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(test, root.children)
}

/** Every element with this tag name inside `root`. */
export function elementsByTag(root: HtmlDocument | HtmlElement, tagName: string): HtmlElement[] {
  return findElements(root, (element) => element.name === tagName)
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return DomUtils.getAttributeValue(element, name)
}

export function textOf(element: HtmlElement): string {
  return DomUtils.textContent(element)
}

/** Every `id` in the document, and the `name` of each `<a name>`: what a `#fragment` can point at. */
export function fragmentTargets(document: HtmlDocument): Set<string> {
  const targets = new Set<string>()
  for (const element of findElements(document, (element) => 'id' in element.attribs || element.name === 'a')) {
    const id = attribute(element, 'id')
    if (id) targets.add(id)
    const name = element.name === 'a' ? attribute(element, 'name') : undefined
    if (name) targets.add(name)
  }
  return targets
}
