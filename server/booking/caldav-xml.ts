import { XMLParser, XMLValidator } from 'fast-xml-parser'

/**
 * The calendar objects of a CalDAV `calendar-query` answer: the WebDAV multistatus (RFC 4918, 13;
 * RFC 4791, 7.8), read with fast-xml-parser (docs/decisions/031-booking-slots-in-the-team-zone.md).
 * The answer comes from another server, so the parser is set to expand no entity: a document type
 * declaration is refused, and text is decoded here with XML's five named entities and character
 * references alone (XML 1.0, 4.6), so no entity a document declares is ever expanded. Elements are
 * matched by namespace URI, not prefix: Radicale writes `<multistatus xmlns="DAV:">`, Nextcloud
 * `<d:multistatus>`.
 */

export const davNamespace = 'DAV:'
export const caldavNamespace = 'urn:ietf:params:xml:ns:caldav'

export class XmlError extends Error {}

/** One calendar object of a calendar-query answer: its URL path and its iCalendar text. */
export interface CalendarObject {
  href: string
  calendarData: string
}

/** A node as fast-xml-parser gives it with `preserveOrder`: `{ tag: children, ':@': attributes }`, or text. */
type OrderedNode = Record<string, unknown>

interface Element {
  namespace: string
  name: string
  children: Element[]
  text: string
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // No entity of the document's own is expanded; text is decoded by `decode` below.
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // CDATA kept apart, so that its text is taken as written.
  cdataPropName: '#cdata',
})

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[^;&\s]*);/g, (match, entity: string) => {
    if (!entity.startsWith('#')) return namedEntities[entity] ?? fail(`unknown entity ${match}`)
    const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10)
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      return fail(`a character reference to no character: ${match}`)
    return String.fromCodePoint(code)
  })
}

function fail(message: string): never {
  throw new XmlError(message)
}

/** Whether a document type declaration comes before the root element (where XML allows one). */
function hasDoctype(source: string): boolean {
  let at = 0
  for (;;) {
    while (at < source.length && /[\s\uFEFF]/.test(source[at]!)) at++
    const close = source.startsWith('<?', at) ? '?>' : source.startsWith('<!--', at) ? '-->' : undefined
    if (!close) return /^<!DOCTYPE/i.test(source.slice(at, at + 9))
    const end = source.indexOf(close, at + 2)
    if (end === -1) return false
    at = end + close.length
  }
}

/** The document's root element, names resolved to their namespace URI; throws an `XmlError` for anything not well-formed. */
function parseXml(source: string): Element {
  if (hasDoctype(source)) fail('a document type declaration is not accepted')
  // The parser closes what an answer cut short leaves open; the validator refuses it.
  const valid = XMLValidator.validate(source)
  if (valid !== true) fail(`not well-formed: ${valid.err.msg} (line ${valid.err.line})`)
  let nodes: OrderedNode[]
  try {
    nodes = parser.parse(source) as OrderedNode[]
  } catch (error) {
    fail(`not well-formed: ${(error as Error).message}`)
  }
  const root = nodes.map((node) => element(node, new Map())).filter((node) => node !== undefined)
  if (root.length !== 1) fail(root.length === 0 ? 'no root element' : 'a second root element')
  return root[0]!
}

/** `node` as an element in the namespaces of `scope`, or undefined for text. */
function element(node: OrderedNode, outer: Map<string, string>): Element | undefined {
  const written = Object.keys(node).find((key) => key !== ':@')
  if (written === undefined || written === '#text' || written === '#cdata') return undefined
  const attributes = (node[':@'] ?? {}) as Record<string, string>
  let scope = outer
  for (const [name, uri] of Object.entries(attributes)) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue
    if (scope === outer) scope = new Map(outer)
    scope.set(name === 'xmlns' ? '' : name.slice(6), decode(uri))
  }
  const colon = written.indexOf(':')
  const prefix = colon === -1 ? '' : written.slice(0, colon)
  const namespace = scope.get(prefix)
  if (namespace === undefined && prefix !== '') fail(`undeclared prefix "${prefix}"`)
  const result: Element = { namespace: namespace ?? '', name: written.slice(colon + 1), children: [], text: '' }
  for (const child of node[written] as OrderedNode[]) {
    if ('#text' in child) result.text += decode(String(child['#text']))
    else if ('#cdata' in child) result.text += (child['#cdata'] as OrderedNode[]).map((part) => part['#text']).join('')
    else result.children.push(element(child, scope)!)
  }
  return result
}

const childrenNamed = (element: Element, namespace: string, name: string) =>
  element.children.filter((child) => child.namespace === namespace && child.name === name)

/**
 * The calendar objects of a calendar-query REPORT's multistatus, in the server's order. Throws an
 * `XmlError` for anything that is not a whole answer: XML that is not well-formed (an answer cut
 * short), a response with an error status (507: the server cut the list short), calendar-data
 * refused or missing, a document that is not a multistatus. The slots would otherwise rest on
 * part of the calendar.
 */
export function readMultistatus(text: string): CalendarObject[] {
  const root = parseXml(text)
  if (root.namespace !== davNamespace || root.name !== 'multistatus')
    throw new XmlError(`not a WebDAV multistatus but <${root.namespace} ${root.name}>`)
  return childrenNamed(root, davNamespace, 'response').map((response) => {
    const href = childrenNamed(response, davNamespace, 'href')[0]?.text.trim()
    if (!href) throw new XmlError('a response without href')
    const status = childrenNamed(response, davNamespace, 'status')[0]
    if (status && !isOk(status.text)) throw new XmlError(`${href}: ${status.text.trim()}`)
    for (const propstat of childrenNamed(response, davNamespace, 'propstat')) {
      const data = childrenNamed(propstat, davNamespace, 'prop')
        .flatMap((prop) => childrenNamed(prop, caldavNamespace, 'calendar-data'))
        .at(0)
      if (!data) continue
      const propstatStatus = childrenNamed(propstat, davNamespace, 'status')[0]?.text.trim() ?? 'no status'
      if (!isOk(propstatStatus)) throw new XmlError(`${href}: calendar-data: ${propstatStatus}`)
      return { href, calendarData: data.text }
    }
    throw new XmlError(`${href}: no calendar-data`)
  })
}

/** Whether a WebDAV status line ("HTTP/1.1 200 OK") says 2xx. */
function isOk(statusLine: string): boolean {
  return /^HTTP\/\d(\.\d)?\s+2\d\d(\s|$)/.test(statusLine.trim())
}
