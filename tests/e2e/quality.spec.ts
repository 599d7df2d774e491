import { expect, type Page, test } from '@playwright/test'
import axe from 'axe-core'
import { contentFileOf } from '#app/lib/content/files.ts'
import { expectedPages, expectPageAsListed, onePerTemplate } from './expected.ts'
import { classConflicts } from './class-conflicts.ts'
import { axeOn, loaded } from './support.ts'
import { readFields } from '#app/lib/content/editor/saved.ts'

// Every page, hydrated, in one visit for all that is checked of each page: its
// heading, text and metadata (expected.ts), no accessibility violation that
// axe-core can find (WCAG 2.2 A and AA, and its best practices), nothing in
// the console, no element with two classes that set the same property, and
// nothing its Content-Security-Policy refuses (docs/decisions/022-release-gates.md).
// The blog's search results and its empty result are states of their own.
// Both themes: the light one, and the dark one a visitor whose system prefers
// it gets without a choice of their own (docs/decisions/026-type-and-theme.md).
// The dark theme is the same document in other colors, decided by its
// template and its sections: on one page of each template and enough pages to
// show every section type, once checked in the light theme, the
// system's preference turns dark (the page follows it, as it does for a
// visitor) and axe-core runs the rules that read colors again; the class
// check reads the markup alone, once.
const paths = [...expectedPages.map(({ page }) => page.path), '/blog?q=email', '/blog?q=zzzz']
const darkChecked = new Set([...onePerTemplate, ...pagesShowingEverySection(), '/blog?q=email'])

/**
 * Top-level pages, in the registry's order, until every section type their
 * content uses has been shown once: what else decides a page's colors.
 */
function pagesShowingEverySection(): string[] {
  const seen = new Set<string>()
  const chosen: string[] = []
  for (const { page } of expectedPages) {
    const { fields } = readFields(contentFileOf(page)) as { fields: { sections?: { type: string }[] } }
    const sections = fields.sections ?? []
    const fresh = sections.map((section) => section.type).filter((type) => !seen.has(type))
    if (fresh.length === 0) continue
    for (const type of fresh) seen.add(type)
    chosen.push(page.path)
  }
  return chosen
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
/** The rules of `axeTags` whose outcome depends on the colors of the page: axe-core's own color category. */
const colorRules = axe
  .getRules(axeTags)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId)
if (!colorRules.includes('color-contrast'))
  throw new Error(`axe-core's color rules lack color-contrast: ${colorRules.join(', ')}`)

for (const path of paths) qualityTest(path)

test('axe-core, run inside the page, finds planted defects in both themes', async ({ page }) => {
  await loaded(page, '/')
  await page.evaluate(() => {
    const main = document.querySelector('main')!
    main.insertAdjacentHTML(
      'afterbegin',
      '<img src="/favicon.svg" width="20" height="20"><p style="color:#ccc;background:#fff">Faint words</p>',
    )
  })
  expect((await axeOn(page).withTags(axeTags).analyze()).violations.map((violation) => violation.id)).toEqual(
    expect.arrayContaining(['image-alt', 'color-contrast']),
  )
  await page.emulateMedia({ colorScheme: 'dark' })
  expect((await axeOn(page).withRules(colorRules).analyze()).violations.map((violation) => violation.id)).toEqual([
    'color-contrast',
  ])
})

for (const { theme, colorScheme } of [
  { theme: '', colorScheme: 'light' },
  { theme: ' (dark theme)', colorScheme: 'dark' },
] as const) {
  test.describe(() => {
    test.use({ colorScheme })
    test(`the mobile menu, open, passes axe-core${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await loaded(page, '/')
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
      // Once it has finished fading in: axe-core weighs contrast by opacity.
      await expect(page.locator('#mobile-menu')).toHaveCSS('opacity', '1')
      const results = await axeOn(page).include('#mobile-menu').analyze()
      expect(results.violations.map((violation) => violation.id)).toEqual([])
    })

    test(`the open Services menu passes axe-core${theme}`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click()
      const results = await axeOn(page).include('header').analyze()
      expect(results.violations.map((violation) => violation.id)).toEqual([])
    })
  })
}

function qualityTest(path: string) {
  const expected = expectedPages.find(({ page }) => page.path === path)
  const dark = darkChecked.has(path)
  test(`${path}${expected ? ' shows its heading, text and metadata,' : ''} passes axe-core${dark ? ', and its color rules in the dark theme,' : ''} and logs no console error or CSP violation`, async ({
    page,
  }) => {
    const errors: string[] = []
    const cspViolations: string[] = []
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(`console: ${message.text()}`)
      if (message.type() === 'error' || message.type() === 'warning')
        errors.push(`${message.type()}: ${message.text()}`)
    })
    // Every refusal of the policy fires this event, reported or not.
    await page.exposeFunction('reportCspViolation', (text: string) => cspViolations.push(text))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
        report(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        )
      })
    })
    await page.emulateMedia({ colorScheme: 'light' })
    const response = await page.goto(path, { waitUntil: 'load' })
    if (expected) await expectPageAsListed(page, response, expected)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await violations(page, { tags: axeTags })).toEqual([])
    expect(await classConflicts(page)).toEqual([])

    if (dark) {
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
      // Colors that ease into the dark theme are read once they are there.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((animation) => animation.finished),
        ),
      )
      expect(await violations(page, { rules: colorRules }), 'in the dark theme').toEqual([])
    }

    expect(errors).toEqual([])
    expect(cspViolations, 'what the Content-Security-Policy refused').toEqual([])
  })
}

/** axe-core's violations of these tags or rules on the page as it is, each with the elements at fault. */
async function violations(page: Page, run: { tags: string[] } | { rules: string[] }): Promise<string[]> {
  // Only violations are reported: axe-core gathers no details of what passed.
  const builder = axeOn(page).options({ resultTypes: ['violations'] })
  const results = await ('tags' in run ? builder.withTags(run.tags) : builder.withRules(run.rules)).analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}
