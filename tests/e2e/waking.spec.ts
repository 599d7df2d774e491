import { expect, test, type Locator, type Page } from '@playwright/test'
import { CONTACT_AUDIT_HREF } from '#app/lib/leads/audit-request.ts'
import { islandAwake, loaded } from './support.ts'

// No keystroke, choice or click made while an island wakes is lost
// (app/directives/README.md): the forms and tools are HTML until the visitor
// turns to them, and their React code arrives as they do. Each case starts the
// moment the page is interactive (its load event), on a CPU slowed four times
// as a modest phone's is, and types at 20 ms a character, a fast typist's pace,
// from the first focus: the island wakes while the characters arrive.

const typed = 'attribution modelling'

/** A CPU four times slower than this machine's, for the page's lifetime. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** Clicks into `field` and types `text` at 20 ms a character, as the island wakes. */
async function typeWhileWaking(field: Locator, text: string) {
  await field.click()
  await field.pressSequentially(text, { delay: 20 })
}

/** Two frames: a render the island would do after waking has reached the screen. */
async function settled(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

test.beforeEach(async ({ page }) => {
  await slowCpu(page)
})

test('the blog search keeps every character typed as it wakes, in the box, the address and the results', async ({
  page,
}) => {
  await loaded(page, '/blog')
  const search = page.getByRole('searchbox', { name: 'Search articles' })
  await typeWhileWaking(search, 'attribution')
  await islandAwake(page, 'ArticleSearch')
  await settled(page)
  await expect(search).toHaveValue('attribution')
  await expect(page).toHaveURL(/[?&]q=attribution$/)
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toContainText('match “attribution”')
})

test('the form of /contact keeps every character typed and every choice made as it wakes', async ({ page }) => {
  await loaded(page, '/contact')
  const form = page.getByRole('form').filter({ has: page.getByLabel('Work email') })
  await typeWhileWaking(form.getByLabel('Your name'), 'Ada Lovelace')
  await form.getByLabel('Service you are interested in').selectOption({ index: 1 })
  await form.getByLabel('Work email').pressSequentially('ada@example.com', { delay: 20 })
  await islandAwake(page, 'ContactForm')
  await settled(page)
  await expect(form.getByLabel('Your name')).toHaveValue('Ada Lovelace')
  await expect(form.getByLabel('Work email')).toHaveValue('ada@example.com')
  await expect(form.getByLabel('Service you are interested in')).not.toHaveValue('')
})

test('the audit request keeps every character typed as it wakes', async ({ page }) => {
  await loaded(page, CONTACT_AUDIT_HREF)
  const form = page.getByRole('form').filter({ has: page.getByLabel('Work email') })
  await typeWhileWaking(form.getByLabel('Your name'), 'Ada Lovelace')
  await form.getByRole('textbox', { name: 'Your website', exact: true }).pressSequentially('example.com', { delay: 20 })
  await form.getByLabel('Work email').pressSequentially('ada@example.com', { delay: 20 })
  await islandAwake(page, 'ContactForm')
  await settled(page)
  await expect(form.getByLabel('Your name')).toHaveValue('Ada Lovelace')
  await expect(form.getByRole('textbox', { name: 'Your website', exact: true })).toHaveValue('example.com')
  await expect(form.getByLabel('Work email')).toHaveValue('ada@example.com')
})

test('a topic chosen as the form wakes is the one its fields follow', async ({ page }) => {
  await loaded(page, '/contact')
  const form = page.getByRole('form').filter({ has: page.getByLabel('Work email') })
  // The first touch of the form, which wakes it, is the choice of the audit: focused and chosen at once.
  await form.getByLabel('What can we help with?').focus()
  await form.getByLabel('What can we help with?').selectOption({ label: 'Free marketing audit' })
  await islandAwake(page, 'ContactForm')
  await settled(page)
  await expect(form.getByLabel('What can we help with?')).toHaveValue('audit')
  await expect(form.getByRole('textbox', { name: 'Your website', exact: true })).toBeVisible()
  await expect(form.getByLabel('Service you are interested in')).toHaveCount(0)
})

test('the booking form keeps the time chosen and every character typed as it wakes', async ({ page }) => {
  await loaded(page, '/book?tz=America/Chicago')
  // A time is its label, drawn as a button; the radio inside it is for assistive technology.
  const firstTime = page
    .locator('label')
    .filter({ has: page.getByRole('radio') })
    .first()
  const time = await firstTime.getByRole('radio').getAttribute('value')
  await firstTime.click()
  const form = page.getByRole('form', { name: 'Book your call' })
  await typeWhileWaking(form.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace')
  await form.getByRole('textbox', { name: 'Work email' }).pressSequentially('ada@example.com', { delay: 20 })
  await islandAwake(page, 'BookingForm')
  await settled(page)
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace')
  await expect(form.getByRole('textbox', { name: 'Work email' })).toHaveValue('ada@example.com')
  await expect(page.locator(`input[type="radio"][value="${time}"]`)).toBeChecked()
})

test('the calculator keeps every digit typed as it wakes, and its results follow them', async ({ page }) => {
  await loaded(page, '/roi-calculator')
  const visitors = page.getByRole('textbox', { name: /^Monthly visitors/ })
  await visitors.click()
  await visitors.press('ControlOrMeta+A')
  await visitors.pressSequentially('123456', { delay: 20 })
  await islandAwake(page, 'RoiCalculator')
  await settled(page)
  await expect(visitors).toHaveValue('123456')
  await expect(page).toHaveURL(/visitors=123456/)
})

test('the audit kit popup keeps every character typed from the moment it opens', async ({ page }) => {
  await loaded(page, '/blog/seo-strategy-2025')
  await page.locator('astro-island[component-export="ExitPopup"][data-armed]').waitFor({ state: 'attached' })
  await page.mouse.move(600, 200)
  await page.mouse.move(600, 0)
  await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true })))
  const field = page.getByRole('dialog', { name: /marketing audit kit/ }).getByLabel('Email address')
  await expect(field).toBeFocused()
  await page.keyboard.type('ada@example.com', { delay: 20 })
  await settled(page)
  await expect(field).toHaveValue('ada@example.com')
})

test('after waking, the search box goes on from the end of what was typed: nothing is moved or doubled', async ({
  page,
}) => {
  // The caret stays where the visitor left it: a character typed after waking lands at the end.
  await loaded(page, '/blog')
  const search = page.getByRole('searchbox', { name: 'Search articles' })
  await typeWhileWaking(search, typed)
  await islandAwake(page, 'ArticleSearch')
  await search.pressSequentially('s', { delay: 20 })
  await expect(search).toHaveValue(`${typed}s`)
})
