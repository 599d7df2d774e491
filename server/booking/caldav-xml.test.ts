import { describe, expect, it } from 'vitest'
import { readMultistatus, XmlError } from './caldav-xml.ts'

const event = (uid: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${uid}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')

/** A multistatus of one response whose calendar-data is `data` as written. */
const oneResponse = (data: string) =>
  `<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/c/a.ics</href><propstat><prop><C:calendar-data>${data}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`

describe('readMultistatus', () => {
  it("reads each response's href and calendar-data, as Radicale writes them (default namespace)", () => {
    const text = `<?xml version='1.0' encoding='utf-8'?>
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/team/work/a.ics</href><propstat><prop><C:calendar-data>${event('a').replace(/\r/g, '&#13;')}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/team/work/b.ics</href><propstat><prop><C:calendar-data>${event('b')}</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`
    expect(readMultistatus(text)).toEqual([
      { href: '/team/work/a.ics', calendarData: event('a') },
      { href: '/team/work/b.ics', calendarData: event('b').replace(/\r/g, '') },
    ])
  })

  it('reads prefixed elements, CDATA, and a propstat of another property beside', () => {
    const text = `<d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  <d:response>
    <d:href>/remote.php/dav/calendars/team/work/c.ics</d:href>
    <d:propstat><d:prop><d:getetag>"1"</d:getetag><cal:calendar-data><![CDATA[${event('c')}]]></cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
    <d:propstat><d:prop><d:displayname/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>
  </d:response>
</d:multistatus>`
    expect(readMultistatus(text)).toEqual([
      // XML reads every line end as LF, in CDATA too; iCalendar readers take LF alone.
      { href: '/remote.php/dav/calendars/team/work/c.ics', calendarData: event('c').replace(/\r/g, '') },
    ])
  })

  it('resolves names by namespace URI, whatever the prefix, scoped to the element that declares it', () => {
    const text = `<!-- a comment before the root -->
      <D:multistatus xmlns:D="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
        <D:response><D:href>/c/1.ics</D:href><D:propstat><D:prop><cal:calendar-data>one</cal:calendar-data></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
        <response xmlns="DAV:"><href>/c/2.ics</href><propstat><prop><x:calendar-data xmlns:x="urn:ietf:params:xml:ns:caldav">two</x:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response>
        <response xmlns="urn:example"><href>/c/3.ics</href></response>
        <cal:response><D:href>/c/4.ics</D:href></cal:response>
      </D:multistatus>`
    expect(readMultistatus(text)).toEqual([
      { href: '/c/1.ics', calendarData: 'one' },
      { href: '/c/2.ics', calendarData: 'two' },
    ])
  })

  it("decodes XML's five named entities and character references, and takes CDATA as written", () => {
    const data = `x &lt;y&gt; &amp; &apos;z&apos; &quot;w&quot;&#13;&#10;&#x41;<![CDATA[<b>&amp;</b>]]>`
    expect(readMultistatus(oneResponse(data))[0]!.calendarData).toBe(`x <y> & 'z' "w"\r\nA<b>&amp;</b>`)
  })

  it('gives no calendar objects for an empty multistatus', () => {
    expect(readMultistatus('<multistatus xmlns="DAV:" />')).toEqual([])
  })

  it('refuses a response it cannot read whole: the slots would rest on a part of the calendar', () => {
    const wrong: [string, RegExp][] = [
      ['<a:multistatus xmlns:a="urn:other"/>', /not a WebDAV multistatus but <urn:other multistatus>/],
      ['<multistatus/>', /not a WebDAV multistatus but < multistatus>/],
      [
        '<multistatus xmlns="DAV:"><response><href>/c/</href><status>HTTP/1.1 507 Insufficient Storage</status></response></multistatus>',
        /\/c\/: HTTP\/1.1 507 Insufficient Storage/,
      ],
      [
        '<multistatus xmlns="DAV:"><response><href>/c/x.ics</href><propstat><prop><calendar-data xmlns="urn:ietf:params:xml:ns:caldav"/></prop><status>HTTP/1.1 403 Forbidden</status></propstat></response></multistatus>',
        /\/c\/x.ics: calendar-data: HTTP\/1.1 403 Forbidden/,
      ],
      [
        '<multistatus xmlns="DAV:"><response><href>/c/y.ics</href><propstat><prop><calendar-data xmlns="urn:other">BEGIN:VCALENDAR</calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>',
        /\/c\/y.ics: no calendar-data/,
      ],
      ['<multistatus xmlns="DAV:"><response><propstat/></response></multistatus>', /a response without href/],
    ]
    for (const [text, message] of wrong) expect(() => readMultistatus(text), text).toThrow(message)
  })

  it('refuses what is not well-formed XML, an answer cut short first, saying why', () => {
    const wrong: [string, RegExp][] = [
      ['<multistatus xmlns="DAV:"><response>', /not well-formed/],
      [oneResponse(event('a')).slice(0, -20), /not well-formed/],
      ['', /not well-formed/],
      ['BEGIN:VCALENDAR', /not well-formed/],
      ['<multistatus xmlns="DAV:"><response></multistatus>', /not well-formed: Expected closing tag 'response'/],
      ['<multistatus xmlns="DAV:"/><multistatus xmlns="DAV:"/>', /a second root element/],
      [oneResponse('&nbsp;'), /unknown entity &nbsp;/],
      [oneResponse('fish & chips'), /not well-formed/],
      [oneResponse('&#0;'), /a character reference to no character/],
      ['<x:multistatus/>', /undeclared prefix "x"/],
      ['<multistatus xmlns="DAV:><response/></multistatus>', /not well-formed/],
      ['<multistatus xmlns="DAV:"><!-- never closed </multistatus>', /not well-formed/],
    ]
    for (const [text, message] of wrong) {
      expect(() => readMultistatus(text), text).toThrow(XmlError)
      expect(() => readMultistatus(text), text).toThrow(message)
    }
  })

  it('expands no entity a document declares: a document type declaration is refused at once (billion laughs)', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!-- entities that would take some 3 GB once expanded -->',
      '<!DOCTYPE multistatus [',
      '<!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`),
      ']>',
      oneResponse('&lol9;'),
    ].join('\n')
    const started = performance.now()
    expect(() => readMultistatus(laughs)).toThrow(/a document type declaration is not accepted/)
    expect(() => readMultistatus(`<!DOCTYPE x SYSTEM "file:///etc/passwd">${oneResponse('&x;')}`)).toThrow(
      /a document type declaration is not accepted/,
    )
    // Without the declaration, the entity is unknown, not expanded.
    expect(() => readMultistatus(oneResponse('&lol9;'))).toThrow(/unknown entity &lol9;/)
    expect(performance.now() - started).toBeLessThan(500)
  })

  it('refuses elements nested past any answer’s depth, quickly', () => {
    const deep = `<multistatus xmlns="DAV:">${'<response>'.repeat(100_000)}${'</response>'.repeat(100_000)}</multistatus>`
    const started = performance.now()
    expect(() => readMultistatus(deep)).toThrow(XmlError)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
