import { describe, expect, it } from 'vitest'
import { parseXml, readMultistatus } from './caldav-xml.ts'

const event = (uid: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${uid}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')

describe('parseXml', () => {
  it('resolves namespaces by their URI, whatever the prefix, and scopes them to their element', () => {
    const root = parseXml(
      `<?xml version="1.0" encoding="utf-8"?>
      <!-- a comment before the root -->
      <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
        <d:response><cal:calendar-data/></d:response>
        <response xmlns="DAV:"><x:calendar-data xmlns:x="urn:ietf:params:xml:ns:caldav"/></response>
        <other xmlns="urn:example"><href/></other>
      </d:multistatus>`,
    )
    expect([root.namespace, root.name]).toEqual(['DAV:', 'multistatus'])
    expect(root.children.map((child) => [child.namespace, child.name])).toEqual([
      ['DAV:', 'response'],
      ['DAV:', 'response'],
      ['urn:example', 'other'],
    ])
    expect(root.children.map((child) => [child.children[0]!.namespace, child.children[0]!.name])).toEqual([
      ['urn:ietf:params:xml:ns:caldav', 'calendar-data'],
      ['urn:ietf:params:xml:ns:caldav', 'calendar-data'],
      ['urn:example', 'href'],
    ])
  })

  it('decodes the five named entities, character references and CDATA; keeps attribute values', () => {
    const root = parseXml(
      `<a xmlns="urn:example" note='1 &gt; 0 "quoted"'>x &lt;y&gt; &amp; &apos;z&apos; &quot;w&quot;&#13;&#10;&#x41;<![CDATA[<b>&amp;</b>]]></a>`,
    )
    expect(root.text).toBe(`x <y> & 'z' "w"\r\nA<b>&amp;</b>`)
    expect(root.attributes).toEqual({ note: '1 > 0 "quoted"' })
  })

  it('refuses what is not well-formed XML, saying why', () => {
    const wrong: [string, RegExp][] = [
      ['', /no root element/],
      ['BEGIN:VCALENDAR', /text outside the root element/],
      ['<a><b></a>', /<\/a> does not close <b>/],
      ['<a>', /<a> is not closed/],
      ['<a/><b/>', /a second root element/],
      ['<a>&nbsp;</a>', /unknown entity &nbsp;/],
      ['<a>fish & chips</a>', /"&" that starts no entity/],
      ['<x:a/>', /undeclared prefix "x"/],
      ['<!DOCTYPE a [<!ENTITY e "e">]><a>&e;</a>', /document type declaration/],
      ['<a b="1></a>', /unclosed attribute value/],
      ['<a><!-- never closed </a>', /unclosed comment/],
    ]
    for (const [text, message] of wrong) expect(() => parseXml(text), text).toThrow(message)
  })
})

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

  it('gives no calendar objects for an empty multistatus', () => {
    expect(readMultistatus('<multistatus xmlns="DAV:" />')).toEqual([])
  })

  it('refuses a response it cannot read whole: the slots would rest on a part of the calendar', () => {
    const wrong: [string, RegExp][] = [
      ['<a:multistatus xmlns:a="urn:other"/>', /not a WebDAV multistatus but <urn:other multistatus>/],
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
      ['<multistatus xmlns="DAV:"><response>', /<response> is not closed/],
    ]
    for (const [text, message] of wrong) expect(() => readMultistatus(text), text).toThrow(message)
  })
})
