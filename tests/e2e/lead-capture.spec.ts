import { expect, test, type Page } from '@playwright/test'
import { EXIT_POPUP_SEEN_KEY } from '#app/components/lead-widget-rules.ts'
import { TOAST_EVENT } from '#app/components/ui/toast.ts'
import { AUDIT_REQUEST_NOTE, CONTACT_AUDIT_HREF } from '#app/lib/leads/audit-request.ts'
import { site } from '#app/lib/site/site.ts'
import { classConflicts } from './class-conflicts.ts'
import { axeOn, islandAwake, loaded } from './support.ts'
import { leadsWith, mailsTo, uniqueEmail } from './leads.ts'

// The exit popup, the contact form and the mobile call-to-action bar
// (docs/product.md#lead-capture), against the real server and its database.

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** The exit popup's island: its directive marks it armed while it watches for its moment (app/directives/exit-intent.ts). */
const popupIsland = (page: Page) => page.locator('astro-island[component-export="ExitPopup"]')

/** Resolves once the popup watches for its moment. */
async function popupArmed(page: Page) {
  await popupIsland(page).and(page.locator('[data-armed]')).waitFor({ state: 'attached' })
}

/** The pointer leaves the page through the top edge. */
async function exitThroughTop(page: Page) {
  await page.mouse.move(600, 200)
  await page.mouse.move(600, 0)
  await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })))
}

const popup = (page: Page) => page.getByRole('dialog', { name: /marketing audit kit/ })
/** The offer on narrow and touch screens: a sheet at the foot of the screen, no dialog. */
const offerSheet = (page: Page) => page.getByRole('complementary', { name: /audit kit/ })
/** An article, where a visitor reads. */
const article = '/blog/seo-strategy-2025'
const ctaBar = (page: Page) => page.getByRole('region', { name: 'Book a strategy call' })

/** Counts the toasts the page asks for from now on (each wakes the toaster by its event, app/components/ui/toast.ts). */
async function countToasts(page: Page) {
  await page.addInitScript((event) => {
    const counter = window as unknown as { toastsAsked: number }
    counter.toastsAsked = 0
    window.addEventListener(event, () => (counter.toastsAsked += 1))
  }, TOAST_EVENT)
}
const toastsAsked = (page: Page) => page.evaluate(() => (window as unknown as { toastsAsked: number }).toastsAsked)
const toast = (page: Page, title: string) => page.getByRole('region', { name: /Notifications/ }).getByText(title)

async function openPopup(page: Page, path = '/about') {
  await loaded(page, path)
  await popupArmed(page)
  await exitThroughTop(page)
  await expect(popup(page)).toBeVisible()
}

test.describe('the exit popup', () => {
  test('is not in the page at first, and opens when the pointer leaves through the top', async ({ page }) => {
    await loaded(page, '/about')
    await expect(popup(page)).toHaveCount(0)
    await popupArmed(page)
    await exitThroughTop(page)
    const dialog = popup(page)
    await expect(dialog).toBeVisible()
    // Each part of the kit, one line each: its name and what it is (app/lib/site/site.ts).
    const parts = dialog.getByRole('listitem')
    await expect(parts).toHaveText(
      site.auditOffer.kit.map((part) => `${part.name.charAt(0).toUpperCase()}${part.name.slice(1)}: ${part.what}.`),
    )
    await expect(dialog).toContainText('$500')
    await expect(dialog.getByLabel('Email address')).toBeFocused()
    await expect(dialog.getByLabel('Email address')).toHaveAttribute('type', 'email')
  })

  test('opens by itself after 30 seconds', async ({ page }) => {
    await page.clock.install()
    await loaded(page, '/services')
    await page.clock.runFor(5000)
    await popupArmed(page)
    await page.clock.runFor(20_000)
    await expect(popup(page)).toHaveCount(0)
    await page.clock.runFor(6000)
    await expect(popup(page)).toBeVisible()
  })

  test('at 1280x800 stays a modal dialog: exit intent opens it, and so do 30 s, with focus in its field', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openPopup(page, article)
    await expect(popup(page)).toHaveAttribute('aria-modal', 'true')
    await expect(popup(page).getByLabel('Email address')).toBeFocused()
    await expect(offerSheet(page)).toHaveCount(0)

    // A visitor who has not seen it yet, left alone for 30 s.
    await page.evaluate(() => localStorage.clear())
    const timed = await page.context().newPage()
    await timed.clock.install()
    await loaded(timed, article)
    await timed.clock.runFor(5000)
    await popupArmed(timed)
    await timed.clock.runFor(26_000)
    await expect(popup(timed)).toHaveAttribute('aria-modal', 'true')
    await expect(popup(timed)).toContainText('Before you go')
    await expect(popup(timed).getByLabel('Email address')).toBeFocused()
    await expect(offerSheet(timed)).toHaveCount(0)
  })

  test('is shown once ever: after it was seen, a reload and an exit open nothing', async ({ page }) => {
    await openPopup(page)
    await page.keyboard.press('Escape')
    await expect(popup(page)).toHaveCount(0)
    await loaded(page, '/about')
    await exitThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup(page)).toHaveCount(0)
    // The stored flag keeps it from even loading.
    await expect(popupIsland(page)).toHaveAttribute('ssr')
    await expect(popupIsland(page)).not.toHaveAttribute('data-armed')
  })

  test('closes by its button, by the backdrop and by Escape, and focus returns', async ({ page }) => {
    await loaded(page, '/about')
    const link = page.getByRole('main').getByRole('link').first()
    await link.focus()
    await popupArmed(page)
    await exitThroughTop(page)
    await expect(popup(page)).toBeVisible()
    await popup(page).getByRole('button', { name: 'Close' }).click()
    await expect(popup(page)).toHaveCount(0)
    await expect(link).toBeFocused()

    for (const close of [(p: Page) => p.keyboard.press('Escape'), (p: Page) => p.mouse.click(5, 400)]) {
      await page.evaluate(() => localStorage.clear())
      await page.reload()
      await popupArmed(page)
      await exitThroughTop(page)
      await expect(popup(page)).toBeVisible()
      // Focus stays inside while it is open.
      for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab')
      expect(await popup(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
      await close(page)
      await expect(popup(page)).toHaveCount(0)
    }
  })

  test('does not open on the contact, thank-you and checklist pages', async ({ page }) => {
    for (const path of ['/contact', '/thank-you', '/resources/audit-checklist']) {
      await loaded(page, path)
      await expect(popupIsland(page), path).toHaveCount(0)
      await exitThroughTop(page)
      await page.waitForTimeout(300)
      await expect(popup(page), path).toHaveCount(0)
    }
  })

  test('does not open over a field the visitor is typing in', async ({ page }) => {
    await loaded(page, '/blog')
    await popupArmed(page)
    await page.getByRole('searchbox').fill('email')
    await exitThroughTop(page)
    await page.waitForTimeout(500)
    await expect(popup(page)).toHaveCount(0)
    await page.getByRole('heading', { level: 1 }).click()
    await expect(popup(page)).toBeVisible({ timeout: 5000 })
  })

  test('an invalid or empty address is marked at the field, with its message and focus, and nothing is stored', async ({
    page,
  }) => {
    const requests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_actions/')) requests.push(request.url())
    })
    await countToasts(page)
    await openPopup(page)
    const dialog = popup(page)
    const field = dialog.getByLabel('Email address')
    const send = dialog.getByRole('button', { name: 'Send me the free kit' })
    await send.click()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription('Enter your email address')
    await expect(field).toBeFocused()
    await field.fill('not-an-address')
    await send.click()
    await expect(field).toHaveAccessibleDescription('Enter a valid email address, like name@company.com')
    await expect(dialog.getByText('Enter a valid email address, like name@company.com')).toBeVisible()
    await expect(field).toBeFocused()
    // Said where the visitor is looking: no toast in a corner repeats it.
    expect(await toastsAsked(page)).toBe(0)
    expect(requests).toEqual([])
    expect(leadsWith('not-an-address')).toEqual([])
    // Once the address is right, the mark goes.
    await field.fill('ada@example.com')
    await expect(field).not.toHaveAttribute('aria-invalid')
    await expect(field).toHaveAccessibleDescription('')
  })

  test('closes a desktop menu the pointer opened on its way out, and lets none open under it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await loaded(page, '/about')
    await popupArmed(page)
    const menu = page.locator('#menu-services')
    const menuOpen = () => menu.evaluate((panel) => panel.matches(':popover-open'))
    // The pointer rests on Services on its way to the top, long enough to open it, and leaves the window there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).hover()
    await expect.poll(menuOpen).toBe(true)
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })))
    await expect(popup(page)).toBeVisible()
    expect(await menuOpen()).toBe(false)
    await expect(popup(page).getByLabel('Email address')).toBeFocused()
    // Nor does a menu open under it, as one whose pointer delay runs out would.
    await menu.evaluate((panel: HTMLElement) => panel.showPopover())
    expect(await menuOpen()).toBe(false)
    // Once it is closed, the menus work again.
    await page.keyboard.press('Escape')
    await expect(popup(page)).toHaveCount(0)
    await menu.evaluate((panel: HTMLElement) => panel.showPopover())
    expect(await menuOpen()).toBe(true)
  })

  test('waits while the visitor is in a menu they opened, and opens once it is closed', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await loaded(page, '/about')
    await popupArmed(page)
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' })
    await services.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('#menu-services')).toBeVisible()
    // The pointer leaves through the top without crossing the menus.
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })))
    await islandAwake(page, 'ExitPopup')
    await page.waitForTimeout(500)
    await expect(popup(page)).toHaveCount(0)
    await expect(page.locator('#menu-services')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(popup(page)).toBeVisible({ timeout: 5000 })
  })

  test('a valid address is stored, gets the checklist mail, and the popup thanks and closes after 3 s', async ({
    page,
  }) => {
    const email = uniqueEmail('popup')
    await openPopup(page, '/services/paid-ads')
    const dialog = popup(page)
    await dialog.getByLabel('Email address').fill(email)
    // A person takes a moment; a bot that sends at once is not stored.
    await page.waitForTimeout(1000)
    await dialog.getByRole('button', { name: 'Send me the free kit' }).click()
    await expect(toast(page, 'Success!')).toBeVisible()
    await expect(toast(page, 'Check your email for the free audit kit!')).toBeVisible()
    const shownAt = Date.now()
    // The thank-you names the three parts the one email brings (server/outbox/mail.ts).
    await expect(dialog.getByRole('status')).toHaveText(
      `Thank you! The audit kit is on its way to ${email}: the 47-point audit checklist, the ROI calculator spreadsheet and the AI optimization guide, in one email.`,
    )
    const checklist = dialog.getByRole('link', { name: 'Open the checklist now' })
    await expect(checklist).toHaveAttribute('href', '/resources/audit-checklist')
    await expect(dialog).toBeHidden({ timeout: 5000 })
    expect(Date.now() - shownAt).toBeGreaterThan(2000)

    expect(leadsWith(email)).toMatchObject([{ kind: 'popup', email, page: '/services/paid-ads' }])
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1)
    const mail = mailsTo(email)[0] ?? ''
    expect(mail).toContain('Subject: Your free audit kit')
    expect(mail).toContain('/resources/audit-checklist')
  })

  test('when the sign-up keeps failing, it retries, then shows the failure toast and keeps the address', async ({
    page,
  }) => {
    const keys: (string | undefined)[] = []
    await page.route('**/_actions/signUp', async (route) => {
      keys.push(/name="idempotencyKey"\r\n\r\n([^\r]+)/.exec(route.request().postData() ?? '')?.[1])
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ type: 'AstroActionError', code: 'SERVICE_UNAVAILABLE', status: 503, message: 'down' }),
      })
    })
    await openPopup(page)
    const dialog = popup(page)
    await dialog.getByLabel('Email address').fill('keep-me@example.com')
    await dialog.getByRole('button', { name: 'Send me the free kit' }).click()
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeVisible()
    await expect(toast(page, 'Something went wrong')).toBeVisible({ timeout: 15_000 })
    await expect(toast(page, 'Please try again later.')).toBeVisible()
    await expect(dialog.getByLabel('Email address')).toHaveValue('keep-me@example.com')
    // The toast passes axe-core too, once it has faded in: mid-way its colours are not yet its own.
    await expect
      .poll(() => page.locator('[data-sonner-toast]').evaluate((element) => getComputedStyle(element).opacity))
      .toBe('1')
    const results = await axeOn(page).withTags(axeTags).analyze()
    expect(results.violations.map((violation) => violation.id)).toEqual([])
    expect(keys).toHaveLength(4)
    expect(keys[0]).toMatch(/^[\w-]{36}$/)
    expect(new Set(keys).size).toBe(1)
  })

  test('passes axe-core while open, with the address marked wrong, in both themes', async ({ page }) => {
    await openPopup(page)
    await popup(page).getByRole('button', { name: 'Send me the free kit' }).click()
    await expect(popup(page).getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme)
      // Colors that ease into the theme are read once they have arrived, not halfway.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      )
      const results = await axeOn(page).withTags(axeTags).analyze()
      expect(
        results.violations.map((violation) => violation.id),
        theme,
      ).toEqual([])
    }
  })
})

test.describe('the timed offer on phones and touch screens', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  /** Loads `path`, reads past the call-to-action bar's 300 px, and lets 31 s pass: the offer's moment. */
  async function readFor31Seconds(page: Page, path = article) {
    await page.clock.install()
    await loaded(page, path)
    await page.clock.runFor(5000)
    await popupArmed(page)
    await page.evaluate(() => window.scrollTo(0, 900))
    await expect(ctaBar(page)).toBeVisible()
    await page.clock.runFor(26_000)
    await islandAwake(page, 'ExitPopup')
    // Whatever the offer is, it is on the screen now.
    await expect(popup(page).or(offerSheet(page))).toBeVisible()
  }

  test('at 390x844 on an article, past 30 s: no modal, a sheet of at most a quarter of the screen that takes no focus, above the bar', async ({
    page,
  }) => {
    await readFor31Seconds(page)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.locator('[aria-modal="true"]')).toHaveCount(0)
    const sheet = offerSheet(page)
    await expect(sheet).toBeVisible()
    // Focus stays where the reader left it: nowhere, so no keyboard opens.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    // The page around it stays usable: nothing is hidden from assistive technology or made inert.
    await expect(page.locator('main[aria-hidden], main[inert], body > [aria-hidden="true"]:has(main)')).toHaveCount(0)
    const box = (await sheet.boundingBox())!
    expect(box.width * box.height, 'the area it covers').toBeLessThanOrEqual(0.25 * 390 * 844)
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    // Beside the call-to-action bar, not over it.
    const bar = (await ctaBar(page).boundingBox())!
    expect(box.y + box.height, 'the sheet ends above the bar').toBeLessThanOrEqual(bar.y)
    await expect(ctaBar(page).getByRole('link', { name: 'Book your free strategy call' })).toBeVisible()
    // It offers the kit as the email sends it, and says nothing about leaving.
    await expect(sheet).toContainText(`worth ${site.auditOffer.worth}`)
    for (const part of site.auditOffer.kit) await expect(sheet).toContainText(part.name)
    await expect(sheet).toContainText('by email')
    await expect(sheet).not.toContainText(/before you go|leav|exit/i)
    // Said politely to a screen reader, which it does not interrupt.
    await expect(page.getByRole('status').filter({ hasText: 'Free audit kit' })).toHaveText(
      /an offer at the foot of the screen/,
    )
    const results = await axeOn(page).withTags(axeTags).analyze()
    expect(results.violations.map((violation) => violation.id)).toEqual([])

    // On the smallest phones too, and still above the bar.
    await page.setViewportSize({ width: 320, height: 568 })
    const small = (await sheet.boundingBox())!
    expect(small.width * small.height, 'the area it covers at 320x568').toBeLessThanOrEqual(0.25 * 320 * 568)
    expect(small.y + small.height).toBeLessThanOrEqual((await ctaBar(page).boundingBox())!.y)
  })

  test('is reached from the keyboard, goes by its close button or Escape, and never returns', async ({ page }) => {
    await readFor31Seconds(page)
    const sheet = offerSheet(page)
    // Right after the skip link, as the shell's widgets are.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(sheet.getByRole('button', { name: 'Hide this offer' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(sheet.getByRole('button', { name: 'Email me the kit' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    // Focus does not fall out of the page: it goes back where it came from.
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    expect(await page.evaluate((key) => localStorage.getItem(key), EXIT_POPUP_SEEN_KEY)).not.toBeNull()

    await loaded(page, article)
    await page.clock.runFor(31_000)
    await page.waitForTimeout(300)
    await expect(offerSheet(page)).toHaveCount(0)
    await expect(popup(page)).toHaveCount(0)
    await expect(popupIsland(page)).not.toHaveAttribute('data-armed')

    // The close button dismisses it too.
    await page.evaluate(() => localStorage.clear())
    const other = await page.context().newPage()
    await readFor31Seconds(other, '/services/paid-ads')
    await offerSheet(other).getByRole('button', { name: 'Hide this offer' }).click()
    await expect(offerSheet(other)).toHaveCount(0)
  })

  test('its button opens the form the visitor asked for, which says nothing about leaving, and the sheet is gone', async ({
    page,
  }) => {
    await readFor31Seconds(page)
    await offerSheet(page).getByRole('button', { name: 'Email me the kit' }).click()
    const dialog = popup(page)
    await expect(dialog).toBeVisible()
    await expect(dialog).not.toContainText(/before you go/i)
    await expect(dialog.getByLabel('Email address')).toBeFocused()
    await expect(offerSheet(page)).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(offerSheet(page)).toHaveCount(0)
  })

  test('on a touch screen as wide as a laptop, it is the sheet too', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.clock.install()
    await loaded(page, article)
    await page.clock.runFor(5000)
    await popupArmed(page)
    await page.clock.runFor(26_000)
    await islandAwake(page, 'ExitPopup')
    await expect(popup(page).or(offerSheet(page))).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const box = (await offerSheet(page).boundingBox())!
    expect(box.width * box.height).toBeLessThanOrEqual(0.25 * 1024 * 768)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  })
})

async function fillContactForm(page: Page, email: string) {
  await page.getByLabel('Your name').fill('Ada Lovelace')
  await page.getByLabel('Work email').fill(email)
  await page.getByRole('textbox', { name: 'Your website (optional)' }).fill('analytical-engines.example')
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill('Analytical Engines Ltd')
  await page.getByLabel('Service you are interested in').selectOption({ label: 'Paid Ads' })
  await page.getByLabel('Monthly budget').selectOption({ label: '$5,000 to $15,000 a month' })
  await page.getByLabel('Your message').fill('We want more qualified demos from paid search next quarter.')
}

test.describe('the contact form', () => {
  test('lists the nine services and "Not sure yet"', async ({ page }) => {
    await loaded(page, '/contact')
    const services = await page.getByLabel('Service you are interested in').locator('option').allTextContents()
    expect(services.slice(1)).toHaveLength(10)
    expect(services.at(-1)).toBe('Not sure yet')
  })

  test('?topic=audit asks for the audit: name, email and website required, no service, budget or message required', async ({
    page,
  }) => {
    await loaded(page, CONTACT_AUDIT_HREF)
    const topic = page.getByLabel('What can we help with?')
    await expect(topic).toHaveValue('audit')
    await expect(topic).toHaveAccessibleDescription(AUDIT_REQUEST_NOTE)
    await expect(page.getByText(AUDIT_REQUEST_NOTE)).toBeInViewport()
    const form = page.locator('#contact-form')
    const required = () =>
      form.locator('[required]').evaluateAll((controls) => controls.map((control) => control.getAttribute('name')))
    expect(await required()).toEqual(['name', 'email', 'websiteUrl'])
    await expect(page.getByRole('textbox', { name: 'Your website', exact: true })).toBeVisible()
    await expect(page.getByLabel('Service you are interested in')).toHaveCount(0)
    await expect(page.getByLabel('Monthly budget')).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Your message (optional)' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Ask for the free audit' })).toBeVisible()

    // Another topic, chosen once the form is awake: the service and the message again, the website optional.
    await topic.focus()
    await islandAwake(page, 'ContactForm')
    await topic.selectOption({ label: 'A project' })
    await expect(page.getByLabel('Service you are interested in')).toBeVisible()
    await expect(page.getByText(AUDIT_REQUEST_NOTE)).toHaveCount(0)
    expect(await required()).toEqual(['name', 'email', 'service', 'message'])
    await expect(page.getByRole('textbox', { name: 'Your website (optional)' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  })

  test('with JavaScript: sends without a reload and lands on /thank-you; the lead is stored', async ({ page }) => {
    const email = uniqueEmail('contact-js')
    await loaded(page, '/contact')
    await fillContactForm(page, email)
    await islandAwake(page, 'ContactForm')
    await page.waitForTimeout(2000)
    // Checked in the page and sent to the contact action without a reload, not posted as the page's form.
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname)
    })
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page).toHaveURL(/\/thank-you$/)
    expect(posts).toEqual(['/_actions/contact'])
    expect(leadsWith(email)).toMatchObject([
      {
        kind: 'contact',
        name: 'Ada Lovelace',
        company: 'Analytical Engines Ltd',
        service: 'paid-ads',
        website_url: 'https://analytical-engines.example/',
        topic: null,
        page: '/contact',
      },
    ])
  })

  test('with JavaScript: shows each error beside its field, keeps what was typed, focuses the first', async ({
    page,
  }) => {
    await loaded(page, '/contact')
    await page.getByLabel('Work email').fill('ada@')
    await islandAwake(page, 'ContactForm')
    await page.getByRole('button', { name: 'Send message' }).click()
    const name = page.getByLabel('Your name')
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription('Enter your name')
    await expect(page.getByLabel('Work email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@company.com',
    )
    await expect(page.getByLabel('Work email')).toHaveValue('ada@')
    await expect(page.getByLabel('Service you are interested in')).toHaveAccessibleDescription(
      'Choose the service you are interested in',
    )
    await expect(page.getByLabel('Your message')).toHaveAccessibleDescription('Tell us a little about your project')
    const results = await axeOn(page).withTags(axeTags).analyze()
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  test('with JavaScript: each error clears as its field becomes valid, and one polite message says so', async ({
    page,
  }) => {
    await loaded(page, '/contact')
    await page.getByLabel('Your name').focus()
    await islandAwake(page, 'ContactForm')
    await page.getByRole('button', { name: 'Send message' }).click()
    const name = page.getByLabel('Your name')
    const email = page.getByLabel('Work email')
    const service = page.getByLabel('Service you are interested in')
    const message = page.getByLabel('Your message')
    await expect(name).toBeFocused()
    for (const control of [name, email, service, message]) await expect(control).toHaveAttribute('aria-invalid', 'true')
    // What the form's live regions say from now on, each change once.
    await page.evaluate(() => {
      const said: string[] = []
      ;(window as unknown as { said: string[] }).said = said
      new MutationObserver((records) => {
        for (const record of records) {
          const node = record.target instanceof Element ? record.target : record.target.parentElement
          const region = node?.closest('[role="status"], [aria-live]')
          const text = region?.textContent?.trim()
          if (text && said.at(-1) !== text) said.push(text)
        }
      }).observe(document.getElementById('contact-form')!, { subtree: true, childList: true, characterData: true })
    })
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said)

    // Typed letter by letter, as a person types: the message goes at once, and is announced once.
    await name.pressSequentially('Jane Doe', { delay: 40 })
    await expect(name).not.toHaveAttribute('aria-invalid')
    await expect(name).toHaveAccessibleDescription('')
    await expect(page.getByText('Enter your name')).toHaveCount(0)
    await expect.poll(said).toEqual(['Name is fixed. 3 more to fix.'])
    // The others keep theirs until they are right.
    await expect(email).toHaveAccessibleDescription('Enter your email address')
    await email.pressSequentially('jane@', { delay: 40 })
    await page.waitForTimeout(300)
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    // Leaving the field says what is wrong with it now.
    await email.blur()
    await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@company.com')
    await email.pressSequentially('example.com', { delay: 40 })
    await expect(email).not.toHaveAttribute('aria-invalid')
    // Leaving a fixed field says so at once.
    await page.keyboard.press('Tab')
    expect(await said()).toEqual(['Name is fixed. 3 more to fix.', 'Email is fixed. 2 more to fix.'])
    await service.selectOption({ label: 'Paid Ads' })
    await expect(service).not.toHaveAttribute('aria-invalid')
    await expect.poll(said).toHaveLength(3)
    await message.fill('We want more qualified demos.')
    await expect(message).not.toHaveAttribute('aria-invalid')
    await expect(page.locator('#contact-form [aria-invalid]')).toHaveCount(0)
    await expect
      .poll(said)
      .toEqual([
        'Name is fixed. 3 more to fix.',
        'Email is fixed. 2 more to fix.',
        'Service is fixed. 1 more to fix.',
        'Message is fixed. The form is ready to send.',
      ])
  })

  test('the errors read in the dark theme too: they pass axe-core, contrast included', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await loaded(page, '/contact')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.getByLabel('Work email').fill('ada@')
    await islandAwake(page, 'ContactForm')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
    const results = await axeOn(page).include('#contact-form').withTags(axeTags).analyze()
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([])
  })

  test('without JavaScript the errors look and sit as they do with it', async ({ page, browser }) => {
    /** Each field's error as shown: its look, where it sits under its control, how the control is marked. */
    const errorsAsShown = (target: Page) =>
      target.locator('#contact-form').evaluate((form) =>
        [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].map((control) => {
          const message = document.getElementById(control.getAttribute('aria-describedby') ?? '')
          const look = message ? getComputedStyle(message) : undefined
          const controlBox = control.getBoundingClientRect()
          const messageBox = message?.getBoundingClientRect()
          return {
            field: control.getAttribute('name'),
            message: message?.textContent,
            className: message?.className,
            color: look?.color,
            font: look && `${look.fontSize} ${look.fontWeight}`,
            border: getComputedStyle(control).borderColor,
            below: messageBox && Math.round(messageBox.top - controlBox.bottom),
            left: messageBox && Math.round(messageBox.left - controlBox.left),
          }
        }),
      )
    await loaded(page, '/contact')
    await page.getByLabel('Work email').fill('ada@')
    await islandAwake(page, 'ContactForm')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByLabel('Your name')).toBeFocused()
    const withScript = await errorsAsShown(page)
    expect(withScript.map((error) => error.field)).toEqual(['name', 'email', 'service', 'message'])

    const context = await browser.newContext({ javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto('/contact')
    await plain.getByLabel('Work email').fill('ada@')
    await plain.getByRole('button', { name: 'Send message' }).click()
    await expect(plain).toHaveURL(/\/contact\?_action=contact$/)
    expect(await errorsAsShown(plain)).toEqual(withScript)
    await context.close()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('posts the form, lands on /thank-you and the lead is stored', async ({ page }) => {
      const email = uniqueEmail('contact-nojs')
      await page.goto('/contact')
      await fillContactForm(page, email)
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(page).toHaveURL(/\/thank-you$/)
      expect(leadsWith(email)).toMatchObject([{ kind: 'contact', service: 'paid-ads', topic: null }])
    })

    test('the free audit: a website left out is asked for beside its field, then name, email and website are enough', async ({
      page,
    }) => {
      const email = uniqueEmail('audit-nojs')
      await page.goto(CONTACT_AUDIT_HREF)
      await page.getByLabel('Your name').fill('Grace Hopper')
      await page.getByLabel('Work email').fill(email)
      await page.getByRole('button', { name: 'Ask for the free audit' }).click()
      const website = page.getByRole('textbox', { name: 'Your website', exact: true })
      await expect(website).toBeFocused()
      await expect(website).toHaveAccessibleDescription(
        'Enter the address of the website we should audit, like example.com',
      )
      await expect(page.getByLabel('Work email')).toHaveValue(email)
      expect(leadsWith(email)).toEqual([])
      await website.fill('navy-labs.example')
      await page.getByRole('button', { name: 'Ask for the free audit' }).click()
      await expect(page).toHaveURL(/\/thank-you$/)
      expect(leadsWith(email)).toMatchObject([
        { kind: 'contact', topic: 'audit', website_url: 'https://navy-labs.example/', service: null, message: null },
      ])
    })

    test('shows the errors with what was typed kept', async ({ page }) => {
      await page.goto('/contact')
      await page.getByLabel('Your name').fill('Ada <Lovelace>')
      await page.getByLabel('Work email').fill('ada@')
      await page.getByLabel('Service you are interested in').selectOption({ label: 'Analytics' })
      await page.getByLabel('Your message').fill('Line one\nLine "two" & more')
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(page).toHaveURL(/\/contact\?_action=contact$/)
      const email = page.getByLabel('Work email')
      await expect(email).toHaveValue('ada@')
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@company.com')
      await expect(email).toBeFocused()
      await expect(page.getByLabel('Your name')).toHaveValue('Ada <Lovelace>')
      await expect(page.getByLabel('Service you are interested in')).toHaveValue('analytics')
      await expect(page.getByLabel('Your message')).toHaveValue('Line one\nLine "two" & more')

      // The answer to that post only: the page asked for again shows the form afresh.
      await page.goto('/contact')
      await expect(page.getByLabel('Work email')).toHaveValue('')
      await expect(page.getByText('Enter a valid email address, like name@company.com')).toHaveCount(0)
    })
  })

  test('the page the server sends back after a refused plain post hydrates as it is, and passes axe-core', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await loaded(page, '/contact')
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByLabel('Work email').fill('grace@')
    // A plain post, as a browser makes before the form's island has woken.
    await page.evaluate(() => HTMLFormElement.prototype.submit.call(document.getElementById('contact-form')))
    await expect(page).toHaveURL(/\/contact\?_action=contact$/)
    await expect(page.getByLabel('Work email')).toBeFocused()
    // Focus woke the form: it hydrates over the errors and values as they are.
    await islandAwake(page, 'ContactForm')
    await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper')
    await expect(page.getByLabel('Work email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@company.com',
    )
    await expect(page.getByLabel('Your message')).toHaveAccessibleDescription('Tell us a little about your project')
    const results = await axeOn(page).withTags(axeTags).analyze()
    expect(results.violations.map((violation) => violation.id)).toEqual([])
    // Awake, it clears the server's errors as the fields become right.
    await page.getByLabel('Work email').fill('grace@example.com')
    await expect(page.getByLabel('Work email')).not.toHaveAttribute('aria-invalid')
    await expect(page.getByText('Enter a valid email address, like name@company.com')).toHaveCount(0)
    await expect(page.getByLabel('Your message')).toHaveAttribute('aria-invalid', 'true')
    // The refused post is answered 400, which the browser reports for the
    // document; nothing else, no hydration mismatch in particular.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)'])
  })
})

test.describe('the mobile call-to-action bar', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  const bar = (page: Page) => page.getByRole('region', { name: 'Book a strategy call' })

  test('appears past 300 px of scroll, and once dismissed stays gone after a reload', async ({ page }) => {
    await loaded(page, '/about')
    await page.evaluate(() => window.scrollTo(0, 250))
    await page.waitForTimeout(200)
    await expect(bar(page)).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect(bar(page)).toBeVisible()
    await expect(bar(page).getByRole('link', { name: 'Book your free strategy call' })).toHaveAttribute('href', '/book')

    // It never covers the footer's last links.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const lastLink = page.getByRole('contentinfo').getByRole('link').last()
    const [linkBox, barBox] = await Promise.all([lastLink.boundingBox(), bar(page).boundingBox()])
    expect((linkBox?.y ?? 0) + (linkBox?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0)

    // Both of its controls lie wholly on the screen, down to the narrowest phone.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 })
      for (const control of [
        bar(page).getByRole('link', { name: 'Book your free strategy call' }),
        bar(page).getByRole('button', { name: 'Hide this bar' }),
      ]) {
        const box = await control.boundingBox()
        expect(box?.x, `${width} px`).toBeGreaterThanOrEqual(0)
        expect((box?.x ?? 0) + (box?.width ?? Infinity), `${width} px`).toBeLessThanOrEqual(width)
      }
    }
    await bar(page).getByRole('button', { name: 'Hide this bar' }).click()
    await expect(bar(page)).toHaveCount(0)
    await page.reload({ waitUntil: 'load' })
    await page.evaluate(() => window.scrollTo(0, 600))
    await page.waitForTimeout(300)
    await expect(bar(page)).toHaveCount(0)
  })

  test('is absent on /contact and /thank-you', async ({ page }) => {
    for (const path of ['/contact', '/thank-you']) {
      await loaded(page, path)
      await expect(page.locator('astro-island[component-export="MobileCtaBar"]'), path).toHaveCount(0)
      await page.evaluate(() => window.scrollTo(0, 600))
      await page.waitForTimeout(300)
      await expect(bar(page), path).toHaveCount(0)
    }
  })
})

test.describe('the audit checklist', () => {
  test('holds exactly 47 numbered points, and prints without the header and footer', async ({ page }) => {
    await loaded(page, '/resources/audit-checklist')
    const points = page.locator('ol[data-checklist] > li')
    await expect(points).toHaveCount(47)
    const numbers = await points.locator('h3 > span:first-child').allTextContents()
    expect(numbers).toEqual(Array.from({ length: 47 }, (_, index) => `${index + 1}.`))
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden()
    await expect(points.first()).toBeVisible()
  })

  test('is linked from the resources page', async ({ page }) => {
    await page.goto('/resources')
    await expect(page.getByRole('main').locator('a[href="/resources/audit-checklist"]').first()).toBeVisible()
  })
})

test('the lead forms check their fields without breaking the Content-Security-Policy', async ({ page }) => {
  // A blocked `eval` that the page catches is still reported as a violation.
  await page.addInitScript(() => {
    const violations: string[] = []
    ;(window as unknown as { violations: string[] }).violations = violations
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    )
  })
  await openPopup(page)
  await popup(page).getByRole('button', { name: 'Send me the free kit' }).click()
  await expect(popup(page).getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Escape')
  await page.getByRole('banner').getByRole('link', { name: 'Contact' }).first().click()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('Your name')).toBeFocused()
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([])
})

test('the widgets and the forms, in every state, carry no two classes for the same property', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await openPopup(page)
  await popup(page).getByRole('button', { name: 'Send me the free kit' }).click()
  await expect(popup(page).getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
  expect(await classConflicts(page)).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Paid Ads' })).toBeVisible()
  expect(await classConflicts(page)).toEqual([])
  await loaded(page, '/contact')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('Your name')).toBeFocused()
  expect(await classConflicts(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  await loaded(page, '/about')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect(page.getByRole('region', { name: 'Book a strategy call' })).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  expect(await classConflicts(page)).toEqual([])
})
