import { readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import ICAL from 'ical.js'
import { expect, test, type Page } from '@playwright/test'
import { whenInZone } from '#app/lib/booking/booking-days.ts'
import { decodedMail, mailsTo, uniqueEmail } from './leads.ts'
import { axeOn, islandAwake, loaded, ownServer } from './support.ts'

// What a booker sees besides the times (issue 42, item 6;
// docs/decisions/048-the-call-its-host-and-how-it-happens.md): a time on the first screen of
// a laptop and of a phone; the host, how the call happens and what to prepare; on the
// confirmation, "Add to calendar" (the calendar file, only by the booking's own link, and
// Google Calendar's link), and the same details in the mail and its invitation. The test
// servers' calls are video calls at MEETING_URL (playwright.config.ts); the phone call runs on a
// server of its own, without it. One test after another: each books a time still free.

test.describe.configure({ mode: 'default' })

const MEETING_URL = 'https://meet.northpeak.example/strategy-call'
const HOST = 'Maya Okafor'
const ROLE = 'Head of Growth Strategy'

const firstTime = (page: Page) => page.locator('#booking-form details[open] label').first()

/** Chooses the first free time of the n-th day shown (opening it), as a visitor clicks it: its UTC start. */
async function chooseTime(page: Page, day: number): Promise<string> {
  const details = page.locator('#booking-form details').nth(day)
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
  const label = details.locator('label').first()
  const start = await label.locator('input').getAttribute('value')
  await label.click()
  return start!
}

async function giveDetails(page: Page, email: string, phone?: string) {
  const form = page.getByRole('form', { name: 'Book your call' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace')
  await form.getByRole('textbox', { name: 'Work email' }).fill(email)
  if (phone !== undefined) await form.getByRole('textbox', { name: 'Phone number Maya calls' }).fill(phone)
  await form.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines')
}

/** The mail to `email` whose subject starts with `subject`, once the outbox wrote it. */
async function mailWith(email: string, subject: string, dataDir?: string): Promise<string> {
  const matching = () => mailsTo(email, dataDir).filter((mail) => new RegExp(`^Subject: ${subject}`, 'm').test(mail))
  await expect.poll(() => matching().length, { message: `a mail "${subject}" to ${email}` }).toBe(1)
  return matching()[0]!
}

/** The first VEVENT of an iCalendar text, read with ical.js. */
function eventIn(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const event = calendar.getFirstSubcomponent('vevent')!
  return {
    method: calendar.getFirstPropertyValue('method'),
    count: calendar.getAllSubcomponents('vevent').length,
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    location: event.getFirstPropertyValue('location'),
    url: event.getFirstPropertyValue('url') === null ? null : String(event.getFirstPropertyValue('url')),
    description: String(event.getFirstPropertyValue('description')),
  }
}

const invitationIn = (mail: string) => eventIn(/BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(mail)![0])

/** The path of a mail's link whose text follows `label` (the mail names the site's public origin). */
function pathAfter(mail: string, label: string): string {
  const url = new RegExp(`${label}: (https?://\\S+)`).exec(decodedMail(mail))?.[1]
  expect(url, `the mail's "${label}" link`).toBeDefined()
  const parsed = new URL(url!)
  return `${parsed.pathname}${parsed.search}`
}

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test.describe(`/book at ${width}x${height}`, () => {
    test.use({ viewport: { width, height }, timezoneId: 'Europe/Berlin' })

    test('a time is on the first screen, and the host and how the call happens do not push the times down', async ({
      page,
    }) => {
      await loaded(page, '/book?tz=Europe/Berlin')
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      const slot = (await firstTime(page).boundingBox())!
      expect(slot.y, 'the first time starts inside the screen').toBeGreaterThanOrEqual(0)
      expect(slot.y + slot.height, 'the first time ends inside the first screen').toBeLessThanOrEqual(height)
      // No fixed bar covers it: the point at its center is the time itself.
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('label')?.textContent ?? null,
        [slot.x + slot.width / 2, slot.y + slot.height / 2],
      )
      expect(hit).toBe(await firstTime(page).textContent())

      const host = page.getByRole('region', { name: 'Your host' })
      await expect(host).toContainText(HOST)
      await expect(host).toContainText(ROLE)
      await expect(host).toContainText('Video call.')
      // The picture is a drawing, and the card says so.
      await expect(host).toContainText('a drawing made from Maya’s name, as on our team page, not a photo')
      const card = (await host.boundingBox())!
      if (width >= 1024) expect(card.x, 'the host beside the times').toBeGreaterThan(slot.x + slot.width)
      else expect(card.y, 'the host under the first times on a phone').toBeGreaterThan(slot.y + slot.height)
    })
  })
}

test.describe('the confirmation, the mail and the calendar file of a video call', () => {
  test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'America/New_York' })

  // A server of its own, with the suite's video call: the booking tests beside it choose times on
  // the same days, and a time one of them had just booked was refused here ("just been booked by
  // someone else"), as it should be.
  const server = ownServer('video-call', {
    LEAD_RATE_LIMIT: '0',
    BOOKING_NETWORK_LIMIT: '0',
    BOOKING_SURGE_LIMIT: '0',
    MEETING_URL: 'https://meet.northpeak.example/strategy-call',
  })

  for (const javaScriptEnabled of [false, true]) {
    test(`${javaScriptEnabled ? 'with' : 'without'} JavaScript: time, host, meeting link, what to prepare, add to calendar and the links to change it`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        timezoneId: 'America/New_York',
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      })
      const page = await context.newPage()
      const email = uniqueEmail(`details-${javaScriptEnabled ? 'js' : 'nojs'}`)
      await loaded(page, `${server.origin}/book?tz=America/New_York`)
      if (javaScriptEnabled) {
        await page.getByLabel('Times are shown in').hover()
        await islandAwake(page, 'BookingForm')
      }
      const start = await chooseTime(page, javaScriptEnabled ? 2 : 1)
      await giveDetails(page, email)
      await page.getByRole('button', { name: 'Confirm my call' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked')

      const main = page.getByRole('main')
      await expect(main).toContainText(whenInZone(start, 'America/New_York'))
      await expect(page.getByRole('region', { name: 'Your host' })).toContainText(`${HOST}${ROLE}`)
      const how = page.getByRole('region', { name: 'How the call happens' })
      await expect(how.getByRole('link', { name: MEETING_URL })).toHaveAttribute('href', MEETING_URL)
      await expect(page.getByRole('region', { name: 'What to prepare' }).getByRole('listitem')).toHaveCount(3)
      await expect(page.getByRole('link', { name: 'Move the call' })).toHaveAttribute(
        'href',
        /^\/book\/manage\?token=reschedule\./,
      )
      await expect(page.getByRole('link', { name: 'cancel it' })).toHaveAttribute(
        'href',
        /^\/book\/manage\?token=cancel\./,
      )

      // No empty half: the host and the calendar links sit beside the call, not under it.
      const calendar = page.getByRole('region', { name: 'Add to calendar' })
      const callBox = (await how.boundingBox())!
      const calendarBox = (await calendar.boundingBox())!
      expect(calendarBox.x).toBeGreaterThan(callBox.x + callBox.width)
      expect(calendarBox.y).toBeLessThan(800)

      // Google Calendar's link: the same call, time and place.
      const google = new URL((await calendar.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!)
      expect(`${google.origin}${google.pathname}`).toBe('https://calendar.google.com/calendar/render')
      const end = new Date(Date.parse(start) + 30 * 60_000).toISOString()
      const compact = (instant: string) => instant.replace(/[-:]/g, '').replace('.000', '')
      expect(google.searchParams.get('action')).toBe('TEMPLATE')
      expect(google.searchParams.get('text')).toBe('Free strategy call with Northpeak')
      expect(google.searchParams.get('dates')).toBe(`${compact(start)}/${compact(end)}`)
      expect(google.searchParams.get('location')).toBe(MEETING_URL)
      expect(google.searchParams.get('details')).toContain(`Host: ${HOST}, ${ROLE}`)

      // The calendar file, downloaded as a visitor does, read with ical.js: the mailed invitation's event.
      const download = page.waitForEvent('download')
      await calendar.getByRole('link', { name: 'Calendar file (.ics)' }).click()
      const file = eventIn(readFileSync((await (await download).path())!, 'utf8'))
      const mail = await mailWith(email, 'Booked:', server.dataDir)
      const invite = invitationIn(mail)
      expect(file).toMatchObject({ method: 'PUBLISH', count: 1, uid: invite.uid, sequence: invite.sequence, start })
      expect(invite).toMatchObject({ method: 'REQUEST', location: MEETING_URL, url: MEETING_URL, start })
      expect(file).toMatchObject({ location: MEETING_URL, url: MEETING_URL })
      for (const description of [invite.description, file.description]) {
        expect(description).toContain(`Host: ${HOST}, ${ROLE}, Northpeak`)
        expect(description).toContain(`open ${MEETING_URL}`)
        expect(description).toContain('To prepare:')
      }

      // The mail says the same, with both calendar links.
      const text = decodedMail(mail)
      expect(text).toContain(`Your host: ${HOST}, ${ROLE}`)
      expect(text).toContain(`Video call: at the time of the call, open ${MEETING_URL}.`)
      expect(text).toContain('To make the most of the call, have at hand:')
      expect(pathAfter(mail, 'Google Calendar').startsWith('/calendar/render?action=TEMPLATE')).toBe(true)
      const mailedFile = await page.request.get(`${server.origin}${pathAfter(mail, 'Calendar file \\(\\.ics\\)')}`)
      expect(mailedFile.status()).toBe(200)
      expect(mailedFile.headers()['content-type']).toBe('text/calendar; charset=utf-8')
      expect(eventIn(await mailedFile.text())).toMatchObject({ uid: invite.uid, sequence: invite.sequence })

      if (javaScriptEnabled) expect((await axeOn(page).analyze()).violations).toEqual([])
      await context.close()
    })
  }

  test("the calendar file is the booker's alone: an altered link, another booking's and a canceled call's link get none", async ({
    page,
  }) => {
    const email = uniqueEmail('details-attack')
    await loaded(page, '/book?tz=America/New_York')
    await chooseTime(page, 3)
    await giveDetails(page, email)
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked')
    const mail = await mailWith(email, 'Booked:')
    const file = pathAfter(mail, 'Calendar file \\(\\.ics\\)')
    expect((await page.request.get(file)).status()).toBe(200)

    // Another booking's id under this link's signature, and a signature cut short: not ours.
    const token = new URL(file, 'http://x').searchParams.get('token')!
    const [action, id, sequence, mac] = token.split('.')
    const other = `${action}.${id!.replace(/^./, (char) => (char === 'a' ? 'b' : 'a'))}.${sequence}.${mac}`
    for (const forged of [other, `${action}.${id}.${Number(sequence) + 1}.${mac}`, token.slice(0, -2)]) {
      const answer = await page.request.get(`/book/manage?token=${forged}&calendar=ics`)
      expect(answer.status(), forged).toBe(400)
      expect(answer.headers()['content-type']).toContain('text/html')
      expect(await answer.text()).not.toContain('BEGIN:VCALENDAR')
    }

    // Cancelled with the mail's link: the file's link now says why, and gives no file.
    const cancel = /https?:\/\/[^/\s]+(\/book\/manage\?token=cancel\.[A-Za-z0-9._-]+)/.exec(decodedMail(mail))?.[1]
    expect(cancel, "the mail's cancel link").toBeDefined()
    await loaded(page, cancel!)
    await page.getByRole('button', { name: 'Cancel my call' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is canceled')
    const gone = await page.goto(file)
    expect(gone?.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')
    await expect(page.getByRole('main')).toContainText('This call was canceled')
  })
})

// Without MEETING_URL the host phones the booker: the form asks for the number, refuses a wrong
// one naming the field and storing nothing, keeps it with the booking, and shows it to the booker's
// mail and the team's notice only.
test.describe('a phone call, on a server without MEETING_URL', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Berlin' })
  const server = ownServer('phone', {
    LEAD_RATE_LIMIT: '0',
    BOOKING_NETWORK_LIMIT: '0',
    BOOKING_SURGE_LIMIT: '0',
    MEETING_URL: '',
  })

  const storedPhones = (email: string) => {
    const db = new Database(path.join(server.dataDir, 'leads.sqlite'), { readonly: true, fileMustExist: true })
    try {
      return db.prepare('SELECT phone FROM leads WHERE email = ?').all(email) as { phone: string | null }[]
    } finally {
      db.close()
    }
  }

  test('the number is asked for, checked, stored with the booking, and said to the booker and the team alone', async ({
    page,
  }) => {
    const email = uniqueEmail('details-phone')
    await loaded(page, `${server.origin}/book?tz=Europe/Berlin`)
    await expect(page.getByRole('region', { name: 'Your host' })).toContainText(
      'Phone call. Maya calls you at the number you give, at the time of the call.',
    )
    const start = await chooseTime(page, 1)
    const phoneBox = page.getByRole('textbox', { name: 'Phone number Maya calls' })

    // Left empty, then not a number: refused, the field named, nothing stored.
    await giveDetails(page, email)
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await expect(phoneBox).toHaveAccessibleDescription('Enter the phone number Maya should call you on')
    await phoneBox.fill('call me maybe')
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await expect(phoneBox).toHaveAccessibleDescription(
      'Enter a phone number of 7 to 15 digits, such as +1 512 555 0142',
    )
    expect(storedPhones(email)).toEqual([])

    // A carriage return in the number, as a script could post it: 400, naming the field.
    const form = Object.fromEntries(
      await page.locator('#booking-form').evaluate((element) => [...new FormData(element as HTMLFormElement)]),
    ) as Record<string, string>
    const posted = await page.request.post(`${server.origin}/book?_action=book&tz=Europe/Berlin`, {
      form: { ...form, phone: '+1 512 555 0142\rEND:VEVENT' },
      headers: { origin: server.origin },
    })
    expect(posted.status()).toBe(400)
    expect(await posted.text()).toContain('Remove the control characters from your phone number')
    expect(storedPhones(email)).toEqual([])

    await phoneBox.fill('+1 512 555 0142')
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked')
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Europe/Berlin'))
    await expect(page.getByRole('region', { name: 'How the call happens' })).toContainText(
      'Maya calls you at the number you give at the time of the call.',
    )
    // The page names no number: the booker's own reaches them by mail.
    expect(await page.content()).not.toContain('555 0142')
    expect(storedPhones(email)).toEqual([{ phone: '+1 512 555 0142' }])

    const mail = await mailWith(email, 'Booked:', server.dataDir)
    expect(decodedMail(mail)).toContain('Phone call: Maya calls you at +1 512 555 0142 at the time of the call.')
    const invite = invitationIn(mail)
    expect(invite).toMatchObject({ location: 'Phone call: Maya Okafor calls you at +1 512 555 0142', url: null })
    const notice = mailsTo('hello@northpeak.example', server.dataDir).find((text) => text.includes(email))
    expect(notice && decodedMail(notice)).toContain('Phone call: call +1 512 555 0142')
    // Nobody else's page shows it: not the booking page, not a page without the link.
    for (const other of ['/book?tz=Europe/Berlin', '/book/manage']) {
      expect(await (await page.request.get(`${server.origin}${other}`)).text()).not.toContain('555 0142')
    }
  })
})
