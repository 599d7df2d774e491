import ICAL from 'ical.js'
import { expect, test, type Page } from '@playwright/test'
import { whenInZone, zoneLabel } from '#app/lib/booking/booking-days.ts'
import { site } from '#app/lib/site/site.ts'
import { loadAvailability } from '#server/booking/availability.ts'
import { decodedMail, leadsWith, mailsTo, uniqueEmail } from './leads.ts'
import { axeOn, holdBack, islandAwake, loaded, ownServer } from './support.ts'

// Booking the strategy call on the site (docs/product.md#booking), as a
// visitor far from the team does it: the free times in the visitor's zone,
// named on screen; the booking stored as a lead; the invitation mailed (read
// back with ical.js); the call moved and canceled through the mailed links,
// each link good once. Without JavaScript the zone is chosen with a reload;
// with it, the page asks for itself in the browser's zone before it draws,
// and the form's island wakes when the visitor reaches it. The tests run one after
// another, each choosing among the times still free: side by side, two could
// want one time, or times within each other's buffer, as a day in Tokyo and
// a day in Auckland overlap.

test.describe.configure({ mode: 'default' })

const team = loadAvailability()

const days = (page: Page) => page.locator('#booking-form details')

/**
 * Goes to the next week of times with "Later times" and waits until it is
 * shown: asked of the server without JavaScript, drawn in place with it.
 */
async function laterWeek(page: Page) {
  const firstDay = await days(page).first().locator('summary > span').first().textContent()
  await page.getByRole('button', { name: 'Later times' }).click()
  await expect(days(page).first().locator('summary > span').first()).not.toHaveText(firstDay!)
}

/**
 * The n-th day offered, counting on through the later weeks: the page shows a
 * week at a time, so "Later times" leads to the days after this week's.
 */
async function dayOffered(page: Page, day: number) {
  let left = day
  for (let count = await days(page).count(); left >= count; count = await days(page).count()) {
    left -= count
    await laterWeek(page)
  }
  return days(page).nth(left)
}

/** Opens the n-th day offered and chooses one of its times at random: the time's UTC start. */
async function chooseTime(page: Page, day: number, except?: string): Promise<string> {
  const details = await dayOffered(page, day)
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
  const radios = details.getByRole('radio')
  const starts = (
    await radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
  ).filter((start) => start !== except)
  expect(starts.length, `free times on day ${day}`).toBeGreaterThan(0)
  const start = starts[Math.floor(Math.random() * starts.length)]!
  // The time's button, as a visitor sees and clicks it (the radio itself is visually hidden).
  await details
    .locator('label')
    .filter({ has: page.locator(`input[value="${start}"]`) })
    .click()
  await expect(page.locator(`input[value="${start}"]`)).toBeChecked()
  return start
}

async function giveDetails(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Book your call' })
  await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace')
  await form.getByRole('textbox', { name: 'Work email' }).fill(email)
  await form.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines')
  await form.getByRole('textbox', { name: 'What should we look at first?' }).fill('Our paid search, please.')
}

/**
 * The mails to `email` whose subject starts with `subject`, once the outbox has
 * sent them; the server's own, or those of the server whose data is in `dataDir`.
 */
async function mailWith(email: string, subject: string, count = 1, dataDir?: string): Promise<string> {
  const matching = () => mailsTo(email, dataDir).filter((mail) => new RegExp(`^Subject: ${subject}`, 'm').test(mail))
  await expect.poll(() => matching().length, { message: `mails "${subject}" to ${email}` }).toBe(count)
  return matching().at(-1)!
}

/** The invitation inside a mail (its text/calendar part), read with ical.js. */
function invitation(mail: string) {
  const text = /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(mail)?.[0]
  expect(text, 'the mail holds an iCalendar invitation').toBeDefined()
  const calendar = new ICAL.Component(ICAL.parse(text!))
  const event = calendar.getFirstSubcomponent('vevent')!
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    attendee: String(event.getFirstPropertyValue('attendee')),
  }
}

/** The path of a mail's link of `action` (the mail names the site's public origin). */
function linkIn(mail: string, action: 'reschedule' | 'cancel' | 'confirm'): string {
  const path = new RegExp(`https?://[^/\\s]+(/book/manage\\?token=${action}\\.[A-Za-z0-9._-]+)`).exec(
    decodedMail(mail),
  )?.[1]
  expect(path, `the mail's ${action} link`).toBeDefined()
  return path!
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

/** Confirms the booking and expects it booked; a refused one fails naming what the page said. */
async function confirm(page: Page) {
  await page.getByRole('button', { name: 'Confirm my call' }).click()
  await page.waitForLoadState('load')
  const said = await page.locator('#booking-form [role="alert"], #booking-form [id$="-error"]').allTextContents()
  expect(said, 'what the booking page said instead of booking').toEqual([])
  await expect(heading(page)).toHaveText('Your call is booked')
}

test.describe('without JavaScript, from Tokyo', () => {
  test.use({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' })

  test('book a call, move it and cancel it through the mailed links; a used link is refused', async ({ page }) => {
    const email = uniqueEmail('book-nojs')
    await loaded(page, '/book')
    // Without a script the page cannot know the visitor's zone: the team's, named, until one is chosen.
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel(team.timeZone, Date.now()))
    await page.getByLabel('Times are shown in').selectOption('Asia/Tokyo')
    await page.getByRole('button', { name: 'Show times' }).click()
    await expect(page).toHaveURL(/[?&]tz=Asia%2FTokyo/)
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Asia/Tokyo', Date.now()))

    const start = await chooseTime(page, 1)
    await giveDetails(page, email)
    await confirm(page)
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Asia/Tokyo'))
    await expect(page.getByRole('main')).toContainText(`${site.strategySession.minutes} minutes`)

    // Without a script the form makes no one-time key: a second post of it meets the one call per address
    // (server/booking-actions.test.ts).
    expect(leadsWith(email)).toEqual([
      expect.objectContaining({
        kind: 'booking',
        name: 'Ada Lovelace',
        company: 'Analytical Engines',
        idempotency_key: null,
      }),
    ])
    const booked = await mailWith(email, 'Booked:')
    const invite = invitation(booked)
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start, attendee: `mailto:${email}` })
    expect(decodedMail(booked)).toContain('(Asia/Tokyo)')

    // Moving the call: the reschedule link shows the call and the free times.
    const reschedule = linkIn(booked, 'reschedule')
    await loaded(page, reschedule)
    await expect(heading(page)).toHaveText('Move your call')
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Asia/Tokyo'))
    // Another week, asked of the server: the link's token goes with it, so the page still moves the call.
    await laterWeek(page)
    await expect(page).toHaveURL(/[?&]token=reschedule\..*[?&]from=\d{4}-\d{2}-\d{2}/)
    await expect(heading(page)).toHaveText('Move your call')
    const moved = await chooseTime(page, 0, start)
    await page.getByRole('button', { name: 'Move my call' }).click()
    await expect(heading(page)).toHaveText('Your call is moved')
    await expect(page.getByRole('main')).toContainText(whenInZone(moved, 'Asia/Tokyo'))
    const update = invitation(await mailWith(email, 'Moved:'))
    expect(update).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: moved })

    // The link did its work: used again, it explains itself and offers to book again.
    const spent = await page.goto(reschedule)
    expect(spent?.status()).toBe(410)
    await expect(heading(page)).toHaveText('This link no longer works')
    await expect(page.getByRole('link', { name: 'Book a new time' })).toHaveAttribute('href', '/book')

    // Cancelling with the newest mail's link.
    const cancel = linkIn(await mailWith(email, 'Moved:'), 'cancel')
    await loaded(page, cancel)
    await expect(heading(page)).toHaveText('Cancel your call?')
    await page.getByRole('button', { name: 'Cancel my call' }).click()
    await expect(heading(page)).toHaveText('Your call is canceled')
    const cancellation = invitation(await mailWith(email, 'Canceled:'))
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: invite.uid, sequence: 2, status: 'CANCELLED' })
    await loaded(page, cancel)
    await expect(heading(page)).toHaveText('This link no longer works')
    await expect(page.getByRole('main')).toContainText('This call was canceled')
  })

  test('the times come a week at a time; "Later times" and "Earlier times" ask the page again', async ({ page }) => {
    await loaded(page, '/book?tz=Asia/Tokyo')
    const earlier = page.getByRole('button', { name: 'Earlier times' })
    await expect(earlier).toBeDisabled()
    // The days' dates as their headings read them ("Friday, November 27"), in the year ahead.
    const now = new Date()
    const dates = async () =>
      (await days(page).locator('summary > span:first-child').allTextContents()).map((label) => {
        const date = new Date(`${label.replace(/^\w+, /, '')}, ${now.getFullYear()} 12:00 UTC`)
        if (date.getUTCMonth() < now.getUTCMonth()) date.setUTCFullYear(now.getFullYear() + 1)
        return date.getTime()
      })
    const first = await dates()
    expect(first.length).toBeGreaterThan(0)
    // Every day shown lies within seven days of the first.
    expect(first.at(-1)! - first[0]!).toBeLessThan(7 * 24 * 3600 * 1000)

    await laterWeek(page)
    await expect(page).toHaveURL(/[?&]tz=Asia%2FTokyo&from=\d{4}-\d{2}-\d{2}$/)
    const second = await dates()
    expect(second[0]!).toBeGreaterThan(first.at(-1)!)
    expect(second.at(-1)! - second[0]!).toBeLessThan(7 * 24 * 3600 * 1000)
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Asia/Tokyo', Date.now()))

    await earlier.click()
    await expect(page).toHaveURL(/[?&]from=/)
    await expect.poll(dates).toEqual(first)
    await expect(earlier).toBeDisabled()
  })

  test('a time booked meanwhile comes back refused, with what was typed and the nearest free times', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: 'Asia/Tokyo' })
    const [first, second] = [await context.newPage(), await context.newPage()]
    await loaded(first, '/book?tz=Asia/Tokyo')
    await loaded(second, '/book?tz=Asia/Tokyo')
    const start = await chooseTime(first, 3)
    await (await dayOffered(second, 3)).locator('summary').click()
    await second
      .locator('label')
      .filter({ has: second.locator(`input[value="${start}"]`) })
      .click()
    await giveDetails(first, uniqueEmail('book-first'))
    const late = uniqueEmail('book-second')
    await giveDetails(second, late)
    await confirm(first)

    const answer = second.waitForResponse((response) => response.request().method() === 'POST')
    await second.getByRole('button', { name: 'Confirm my call' }).click()
    expect((await answer).status()).toBe(409)
    await expect(second.getByRole('group', { name: 'Pick a time' })).toContainText(
      'That time has just been booked by someone else',
    )
    await expect(second.getByText('The nearest free times:')).toBeVisible()
    // Still on the Tokyo clock the times were chosen on.
    await expect(second.locator('#booking-zone-now')).toContainText(zoneLabel('Asia/Tokyo', Date.now()))
    await expect(second.getByRole('textbox', { name: 'Work email' })).toHaveValue(late)
    expect(leadsWith(late)).toEqual([])
    await context.close()
  })
})

/** Points at the zone chooser, as a visitor reaching the form does, and waits for the form's island to wake. */
async function wakeForm(page: Page) {
  await page.getByLabel('Times are shown in').hover()
  await islandAwake(page, 'BookingForm')
}

/** Holds back the booking form's code until the returned function is called: the page as it is before the form wakes. */
function holdFormCode(page: Page): Promise<() => void> {
  return holdBack(page, '**/assets/booking-form.*.js')
}

test.describe('with JavaScript, in the team’s zone', () => {
  test.use({ timezoneId: team.timeZone })

  test('the page is drawn in the team’s zone and its address stays as it was', async ({ page }) => {
    await loaded(page, '/book')
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel(team.timeZone, Date.now()))
    expect(new URL(page.url()).search).toBe('')
  })
})

test.describe('with JavaScript, from Auckland', () => {
  test.use({ timezoneId: 'Pacific/Auckland' })

  test('the times come in the browser’s zone, the form’s code once it is reached, and the booking lands on its page', async ({
    page,
  }) => {
    const email = uniqueEmail('book-js')
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await loaded(page, '/book')
    // Asked for again in the browser's zone before it drew, the page names it in its address.
    await expect(page).toHaveURL(/\/book\?tz=Pacific%2FAuckland$/)
    await expect(page.getByLabel('Times are shown in')).toHaveValue('Pacific/Auckland')
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Pacific/Auckland', Date.now()))
    // The page settles without the form's code (nor React's): the visitor has not reached the form.
    await page.waitForLoadState('networkidle')
    const island = page.locator('astro-island[component-export="BookingForm"]')
    expect(scripts).not.toContain(await island.getAttribute('component-url'))
    expect(scripts).not.toContain(await island.getAttribute('renderer-url'))
    await expect(island).toHaveAttribute('ssr')
    await wakeForm(page)
    // Choosing re-draws the times in place: nothing to press.
    await expect(page.getByRole('button', { name: 'Show times' })).toHaveCount(0)

    const start = await chooseTime(page, 4)
    // The time's button reads the Auckland clock.
    await expect(page.locator('label').filter({ has: page.locator(`input[value="${start}"]`) })).toHaveText(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Auckland', hour: 'numeric', minute: '2-digit' }).format(
        Date.parse(start),
      ),
    )
    await giveDetails(page, email)
    await confirm(page)
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Pacific/Auckland'))
    expect(invitation(await mailWith(email, 'Booked:'))).toMatchObject({ method: 'REQUEST', start })
    // The woken form made a one-time key and sent it with the form.
    expect(leadsWith(email)).toEqual([
      expect.objectContaining({ idempotency_key: expect.stringMatching(/^booking-form:[0-9a-f-]{36}$/) }),
    ])
  })

  test('another week is drawn in place, and a time picked in a week no longer shown is the one booked', async ({
    page,
  }) => {
    const email = uniqueEmail('book-week')
    await loaded(page, '/book')
    await wakeForm(page)
    await expect(page.getByLabel('Times are shown in')).toHaveValue('Pacific/Auckland')
    const start = await chooseTime(page, 0)
    // A mark on this document: gone if the page were asked again.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))

    await laterWeek(page)
    await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}/)
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    await expect(page.getByRole('group', { name: 'Pick a time' })).toContainText(
      `Your pick, ${whenInZone(start, 'Pacific/Auckland')}, is in another week.`,
    )
    // At the last week "Later times" leads nowhere, and focus stays on it.
    const later = page.getByRole('button', { name: 'Later times' })
    while ((await later.getAttribute('aria-disabled')) !== 'true') await laterWeek(page)
    await expect(later).toBeFocused()

    await giveDetails(page, email)
    await confirm(page)
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Pacific/Auckland'))
  })

  test('a zone chosen and a time picked before the form woke are the form’s once it wakes', async ({ page }) => {
    const release = await holdFormCode(page)
    await loaded(page, '/book')
    // Reaching the form starts its code on its way; the visitor chooses before it arrives.
    const start = await chooseTime(page, 0)
    await page.getByLabel('Times are shown in').selectOption('Europe/Berlin')
    await expect(page.locator('astro-island[component-export="BookingForm"]')).toHaveAttribute('ssr')
    release()
    await islandAwake(page, 'BookingForm')
    // The times are drawn in the zone chosen, which the address now names, with the time still picked.
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Europe/Berlin', Date.now()))
    await expect(page).toHaveURL(/[?&]tz=Europe%2FBerlin/)
    await expect(page.getByLabel('Times are shown in')).toHaveValue('Europe/Berlin')
    await expect(page.getByRole('button', { name: 'Show times' })).toHaveCount(0)
    await expect(page.locator(`input[value="${start}"]`)).toBeChecked()
    await laterWeek(page)
    await expect(page.getByRole('group', { name: 'Pick a time' })).toContainText(
      `Your pick, ${whenInZone(start, 'Europe/Berlin')}, is in another week.`,
    )
    const email = uniqueEmail('book-before-wake')
    await giveDetails(page, email)
    await confirm(page)
    await expect(page.getByRole('main')).toContainText(whenInZone(start, 'Europe/Berlin'))

    // The call was booked on the Berlin clock; its reschedule link, opened in Auckland, asks for
    // the page again in the browser's zone, keeping the link's token.
    await loaded(page, linkIn(await mailWith(email, 'Booked:'), 'reschedule'))
    await expect(page).toHaveURL(/[?&]token=reschedule\.[^&]+&tz=Pacific%2FAuckland$/)
    await expect(heading(page)).toHaveText('Move your call')
    await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Pacific/Auckland', Date.now()))
  })

  for (const width of [412, 1280]) {
    test(`at ${width} px the island taking over moves nothing a visitor is looking at`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      const release = await holdFormCode(page)
      await loaded(page, '/book')
      const places = () =>
        Promise.all(
          [page.getByLabel('Times are shown in'), page.getByRole('group', { name: 'Pick a time' })].map(
            async (element) => (await element.boundingBox())?.y,
          ),
        )
      await expect(page.getByRole('button', { name: 'Show times' })).toBeVisible()
      const before = await places()
      release()
      await wakeForm(page)
      await expect(page.locator('#booking-zone-now')).toContainText(zoneLabel('Pacific/Auckland', Date.now()))
      await expect(page.getByRole('button', { name: 'Show times' })).toHaveCount(0)
      expect(await places()).toEqual(before)
    })
  }
})

// A surge of bookings (docs/decisions/042-nobody-floods-the-calendar.md), on a server of this
// test's own that counts one booking a day as normal: the second is held until its visitor
// confirms it from the mail, and no invitation goes out before.
test.describe('a surge of bookings', () => {
  test.use({ timezoneId: 'Europe/Berlin' })
  // Two bookings, a mailed link and axe twice, each page rendered on demand:
  // on a loaded two-core machine that walk took 31 s of the default 30.
  test.slow()
  const server = ownServer('surge', {
    LEAD_RATE_LIMIT: '0',
    BOOKING_NETWORK_LIMIT: '0',
    BOOKING_SURGE_LIMIT: '1',
    // A video call, as on the suite's server (playwright.config.ts): the form asks for no phone number.
    MEETING_URL: 'https://meet.northpeak.example/strategy-call',
  })

  /** Books a time on the surge server's page; the page it lands on. */
  async function book(page: Page, email: string, day: number) {
    await loaded(page, `${server.origin}/book?tz=Europe/Berlin`)
    const start = await chooseTime(page, day)
    await giveDetails(page, email)
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await page.waitForLoadState('load')
    return start
  }

  test('the second booking of the day is held: the page says to confirm it from the mail, whose link confirms it', async ({
    page,
  }) => {
    await book(page, uniqueEmail('surge-first'), 0)
    await expect(heading(page)).toHaveText('Your call is booked')

    const email = uniqueEmail('surge-held')
    const start = await book(page, email, 1)
    await expect(heading(page)).toHaveText('Confirm your call from your email')
    await expect(page).not.toHaveURL(/token=/)
    const main = page.getByRole('main')
    await expect(main).toContainText('We are holding this time for you for 30 minutes.')
    await expect(main).toContainText(whenInZone(start, 'Europe/Berlin'))
    await expect(main).toContainText('Held for you')
    expect((await axeOn(page).analyze()).violations).toEqual([])

    // The mail asks to confirm; it carries no invitation.
    const mail = await mailWith(email, 'Confirm your', 1, server.dataDir)
    expect(mail).not.toContain('BEGIN:VCALENDAR')
    await loaded(page, `${server.origin}${linkIn(mail, 'confirm')}`)
    await expect(heading(page)).toHaveText('Confirm your call')
    await expect(main).toContainText(whenInZone(start, 'Europe/Berlin'))
    expect((await axeOn(page).analyze()).violations).toEqual([])
    await page.getByRole('button', { name: 'Confirm my call' }).click()
    await expect(heading(page)).toHaveText('Your call is booked')
    await expect(main).toContainText(whenInZone(start, 'Europe/Berlin'))
    // Now the invitation goes out, with its links.
    const booked = await mailWith(email, 'Booked:', 1, server.dataDir)
    expect(invitation(booked)).toMatchObject({ method: 'REQUEST', start, attendee: `mailto:${email}` })
  })
})
