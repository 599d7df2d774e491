/**
 * The XML of a CalDAV answer: a small, DOM-free parser for the WebDAV multistatus a
 * `calendar-query` REPORT returns (RFC 4918, 13; RFC 4791, 7.8), and the reading of its calendar
 * objects. Element names are resolved to their namespace URI, so `<d:href>`, `<D:href>` and
 * `<href xmlns="DAV:">` are one element, as servers write them differently (Radicale uses a
 * default namespace, Nextcloud `d:` and `cal:` prefixes).
 *
 * It reads what such answers hold: elements, attributes, namespaces, text with the five named
 * entities and character references, CDATA, comments and processing instructions. A document
 * type declaration is refused (no server sends one, and its entities are a known way to blow up
 * a parser), as is anything not well-formed: the caller then offers no slots (caldav.ts).
 */

export const davNamespace = 'DAV:'
export const caldavNamespace = 'urn:ietf:params:xml:ns:caldav'

export interface XmlElement {
  /** The namespace URI; '' for none. */
  namespace: string
  /** The local name, without its prefix. */
  name: string
  /** Attributes by their written name, namespace declarations left out. */
  attributes: Record<string, string>
  children: XmlElement[]
  /** The element's own text (its children's left out), entities decoded. */
  text: string
}

export class XmlError extends Error {}

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' }

interface Open {
  element: XmlElement
  written: string
  scope: Map<string, string>
}

/** Parses a well-formed XML document into its root element; throws an `XmlError` saying why not. */
export function parseXml(source: string): XmlElement {
  let at = source.charCodeAt(0) === 0xfeff ? 1 : 0
  const fail = (message: string): never => {
    throw new XmlError(`${message} (at character ${at})`)
  }
  const stack: Open[] = []
  let root: XmlElement | undefined
  let rootStarted = false
  const documentScope = new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])

  const closeAt = (marker: string, from: number, what: string): number => {
    const end = source.indexOf(marker, from)
    if (end === -1) fail(`unclosed ${what}`)
    return end
  }

  while (at < source.length) {
    const next = source.indexOf('<', at)
    const textEnd = next === -1 ? source.length : next
    if (textEnd > at) {
      const raw = source.slice(at, textEnd)
      const open = stack.at(-1)
      if (open) open.element.text += decode(lineEnds(raw), fail)
      else if (raw.trim() !== '') fail('text outside the root element')
      at = textEnd
      continue
    }
    if (source.startsWith('<!--', at)) {
      at = closeAt('-->', at + 4, 'comment') + 3
    } else if (source.startsWith('<![CDATA[', at)) {
      const open = stack.at(-1) ?? fail('CDATA outside the root element')
      const end = closeAt(']]>', at + 9, 'CDATA section')
      open.element.text += lineEnds(source.slice(at + 9, end))
      at = end + 3
    } else if (source.startsWith('<?', at)) {
      at = closeAt('?>', at + 2, 'processing instruction') + 2
    } else if (source.startsWith('<!', at)) {
      fail('a document type declaration is not accepted')
    } else if (source.startsWith('</', at)) {
      const end = closeAt('>', at + 2, 'end tag')
      const written = source.slice(at + 2, end).trim()
      const open = stack.pop()
      if (!open) fail(`</${written}> closes nothing`)
      else if (open.written !== written) fail(`</${written}> does not close <${open.written}>`)
      else if (stack.length === 0) root = open.element
      at = end + 1
    } else {
      if (root || (stack.length === 0 && rootStarted)) fail('a second root element')
      at = startTag(at + 1)
    }
  }
  const unclosed = stack.at(-1)
  if (unclosed) fail(`<${unclosed.written}> is not closed`)
  return root ?? fail('no root element')

  // Reads a start tag from just after its "<"; gives the position after its ">".
  // (A function declaration: it shares the parser's state.)
  function startTag(from: number): number {
    let position = from
    const nameEnd = (start: number) => {
      let end = start
      while (end < source.length && !/[\s/>=]/.test(source[end]!)) end++
      return end
    }
    const end = nameEnd(position)
    const written = source.slice(position, end)
    if (written === '') fail('a "<" that starts no tag')
    position = end
    const attributes: [string, string][] = []
    let selfClosing = false
    for (;;) {
      while (/\s/.test(source[position] ?? '')) position++
      if (position >= source.length) fail(`<${written}> is not closed`)
      if (source.startsWith('/>', position)) {
        selfClosing = true
        position += 2
        break
      }
      if (source[position] === '>') {
        position += 1
        break
      }
      const attributeEnd = nameEnd(position)
      const attribute = source.slice(position, attributeEnd)
      if (attribute === '') fail(`a stray character in <${written}>`)
      position = attributeEnd
      while (/\s/.test(source[position] ?? '')) position++
      if (source[position] !== '=') fail(`attribute ${attribute} of <${written}> has no value`)
      position++
      while (/\s/.test(source[position] ?? '')) position++
      const quote = source[position]
      if (quote !== '"' && quote !== "'") fail(`attribute ${attribute} of <${written}> is not quoted`)
      const valueEnd = source.indexOf(quote!, position + 1)
      if (valueEnd === -1) fail('unclosed attribute value')
      const raw = source.slice(position + 1, valueEnd)
      if (raw.includes('<')) fail(`a "<" in attribute ${attribute} of <${written}>`)
      attributes.push([attribute, decode(raw.replace(/\r\n?|\n|\t/g, ' '), fail)])
      position = valueEnd + 1
    }
    const parent = stack.at(-1)
    let scope = parent?.scope ?? documentScope
    const declarations = attributes.filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'))
    if (declarations.length > 0) {
      scope = new Map(scope)
      for (const [name, uri] of declarations) scope.set(name === 'xmlns' ? '' : name.slice(6), uri)
    }
    const colon = written.indexOf(':')
    const prefix = colon === -1 ? '' : written.slice(0, colon)
    const namespace = scope.get(prefix)
    if (namespace === undefined && prefix !== '') fail(`undeclared prefix "${prefix}"`)
    const element: XmlElement = {
      namespace: namespace ?? '',
      name: written.slice(colon + 1),
      attributes: Object.fromEntries(attributes.filter(([name]) => name !== 'xmlns' && !name.startsWith('xmlns:'))),
      children: [],
      text: '',
    }
    rootStarted = true
    if (parent) parent.element.children.push(element)
    if (selfClosing) {
      if (!parent) root = element
    } else stack.push({ element, written, scope })
    return position
  }
}

/** XML's end-of-line handling: CRLF and a lone CR read as LF (a CR written `&#13;` stays). */
function lineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

function decode(text: string, fail: (message: string) => never): string {
  return text.replace(
    /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*)?(;?)/g,
    (match, entity?: string, semicolon?: string) => {
      if (!entity || !semicolon) return fail('a "&" that starts no entity')
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10)
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
          return fail(`a character reference to no character: ${match}`)
        return String.fromCodePoint(code)
      }
      return namedEntities[entity] ?? fail(`unknown entity ${match}`)
    },
  )
}

/** The children of `element` named `name` in `namespace`. */
export function childrenNamed(element: XmlElement, namespace: string, name: string): XmlElement[] {
  return element.children.filter((child) => child.namespace === namespace && child.name === name)
}

/** One calendar object of a calendar-query answer: its URL path and its iCalendar text. */
export interface CalendarObject {
  href: string
  calendarData: string
}

/**
 * The calendar objects of a calendar-query REPORT's multistatus, in the server's order. Throws an
 * `XmlError` for anything that is not a whole answer: a response with an error status (507: the
 * server cut the list short), calendar-data refused or missing, a document that is not a
 * multistatus. The slots would otherwise rest on part of the calendar.
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
