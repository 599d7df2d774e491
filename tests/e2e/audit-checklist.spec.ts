import { expect, test, type Page } from '@playwright/test'
import { CHECKLIST_ANSWERS_KEY, THEME_KEY } from '#app/lib/browser/browser-storage.ts'
import { axeOn, holdBack, loaded } from './support.ts'

// The audit checklist as a tool (docs/product.md#marketing-audit-checklist):
// a visitor scores each point Pass, Partial or Fail, with the mouse or the
// keyboard, sees each section's score and the overall one change, finds them
// again on return, clears them and prints them; without JavaScript the page
// is the plain numbered list.

const path = '/resources/audit-checklist'

/** The radio group of point `number`, named by its visible legend. */
const point = (page: Page, number: number) =>
  page.getByRole('group', { name: `Your score for point ${number}`, exact: true })

/** The score line under a section's heading. */
const sectionScore = (page: Page, section: string) =>
  page.getByRole('region', { name: section }).locator('[data-checklist-score]')

/** The list of scores after the last point, and its line for `label` (a section, or "All sections"). */
const scores = (page: Page) => page.getByRole('region', { name: 'Your scores', exact: true })
const scoreFor = (page: Page, label: string) =>
  scores(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}:`) })

async function stored(page: Page): Promise<unknown> {
  const value = await page.evaluate((key) => localStorage.getItem(key), CHECKLIST_ANSWERS_KEY)
  return value === null ? null : JSON.parse(value)
}

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  test('scores points with the mouse and the keyboard, per section and in all, and says so politely', async ({
    page,
  }) => {
    await loaded(page, path)
    await expect(sectionScore(page, 'Tracking and analytics')).toHaveText(
      'Section score: 0 of 8 points (0%) · 0 pass, 0 partial, 0 fail, 8 not scored',
    )
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 0 of 47 points (0%) · 0 pass, 0 partial, 0 fail, 47 not scored',
    )

    // The mouse: a click on the word, which is the label of its radio button.
    const first = point(page, 1)
    await expect(first.getByRole('radio')).toHaveCount(3)
    await first.getByText('Pass', { exact: true }).click()
    await expect(first.getByRole('radio', { name: 'Pass' })).toBeChecked()
    await expect(sectionScore(page, 'Tracking and analytics')).toHaveText(
      'Section score: 1 of 8 points (13%) · 1 pass, 0 partial, 0 fail, 7 not scored',
    )

    // The keyboard: Tab into the next group, Space chooses, the arrow keys move the choice.
    await first.getByRole('radio', { name: 'Pass' }).focus()
    await page.keyboard.press('Tab')
    const second = point(page, 2)
    await expect(second.getByRole('radio', { name: 'Pass' })).toBeFocused()
    // The focus ring is drawn around the whole option, not only its small circle.
    const focused = second.locator('label').filter({ has: page.getByRole('radio', { name: 'Pass' }) })
    await expect(focused).toHaveCSS('outline-style', 'solid')
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowRight')
    await expect(second.getByRole('radio', { name: 'Partial' })).toBeChecked()
    await expect(second.getByRole('radio', { name: 'Partial' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowLeft')
    await expect(point(page, 3).getByRole('radio', { name: 'Fail' })).toBeChecked()

    await expect(sectionScore(page, 'Tracking and analytics')).toHaveText(
      'Section score: 1.5 of 8 points (19%) · 1 pass, 1 partial, 1 fail, 5 not scored',
    )
    await expect(scoreFor(page, 'Tracking and analytics')).toHaveText(
      'Tracking and analytics: 1.5 of 8 points (19%) · 1 pass, 1 partial, 1 fail, 5 not scored',
    )
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 1.5 of 47 points (3%) · 1 pass, 1 partial, 1 fail, 44 not scored',
    )

    // A second section counts on its own, and in all.
    await point(page, 9).getByText('Partial', { exact: true }).click()
    await expect(sectionScore(page, 'Website and conversion')).toHaveText(
      'Section score: 0.5 of 9 points (6%) · 0 pass, 1 partial, 0 fail, 8 not scored',
    )
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 2 of 47 points (4%) · 1 pass, 2 partial, 1 fail, 43 not scored',
    )
    // One polite line, once the answers rest: the section that changed and the whole.
    const status = scores(page).getByRole('status')
    await expect(status).toHaveText('Website and conversion: 0.5 of 9 points (6%). All sections: 2 of 47 points (4%).')

    // Every option is a target of at least 44 by 44 px.
    for (const option of await first.locator('label').all()) {
      const box = (await option.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.width).toBeGreaterThanOrEqual(44)
    }
  })

  test('keeps the answers on return, and clears them', async ({ page }) => {
    await loaded(page, path)
    await point(page, 1).getByText('Pass', { exact: true }).click()
    await point(page, 47).getByText('Fail', { exact: true }).click()
    await point(page, 20).getByText('Partial', { exact: true }).click()
    expect(await stored(page)).toEqual({
      'install-your-analytics-tag-exactly-once-on-every-page': 'Pass',
      'keep-important-pages-within-three-clicks-of-the-home-page': 'Partial',
      'refresh-old-content-that-is-losing-traffic': 'Fail',
    })

    await loaded(page, path)
    await expect(point(page, 1).getByRole('radio', { name: 'Pass' })).toBeChecked()
    await expect(point(page, 20).getByRole('radio', { name: 'Partial' })).toBeChecked()
    await expect(point(page, 47).getByRole('radio', { name: 'Fail' })).toBeChecked()
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(3)
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 1.5 of 47 points (3%) · 1 pass, 1 partial, 1 fail, 44 not scored',
    )

    // Clearing asks first; dismissed, nothing goes.
    const clear = scores(page).getByRole('button', { name: 'Clear answers' })
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Clear your 3 answers on this checklist?')
      void dialog.dismiss()
    })
    await clear.click()
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(3)

    page.once('dialog', (dialog) => void dialog.accept())
    await clear.click()
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 0 of 47 points (0%) · 0 pass, 0 partial, 0 fail, 47 not scored',
    )
    await expect(scores(page).getByRole('status')).toHaveText('Answers cleared. All sections: 0 of 47 points (0%).')
    expect(await stored(page)).toBeNull()
    await loaded(page, path)
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0)
  })

  test('ignores a corrupt or foreign stored value, and keeps the answers it can read', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await loaded(page, path)
    for (const value of ['{not json', '["Pass"]', '"Pass"', 'null', '{"no-such-point":"Pass"}']) {
      await page.evaluate(([key, stored]) => localStorage.setItem(key!, stored!), [CHECKLIST_ANSWERS_KEY, value])
      await loaded(page, path)
      await expect(page.getByRole('radio', { checked: true }), value).toHaveCount(0)
      await expect(scoreFor(page, 'All sections'), value).toContainText('0 of 47 points (0%)')
    }
    await page.evaluate(
      ([key, stored]) => localStorage.setItem(key!, stored!),
      [CHECKLIST_ANSWERS_KEY, '{"install-your-analytics-tag-exactly-once-on-every-page":"Pass","x":"Fail","y":7}'],
    )
    await loaded(page, path)
    await expect(point(page, 1).getByRole('radio', { name: 'Pass' })).toBeChecked()
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1)
    expect(errors).toEqual([])
  })

  test('keeps a choice made before its script runs, over the answer stored for that point', async ({ page }) => {
    await loaded(page, path)
    await page.evaluate(
      ([key, stored]) => localStorage.setItem(key!, stored!),
      [
        CHECKLIST_ANSWERS_KEY,
        JSON.stringify({
          'install-your-analytics-tag-exactly-once-on-every-page': 'Fail',
          'define-the-actions-that-make-money-as-key-events': 'Pass',
        }),
      ],
    )
    // The page's scripts are held until the visitor has chosen: module scripts run in document order once
    // the page is parsed, so holding the first (Astro's page script, in the head) holds the checklist's, as a
    // slow network would.
    const release = await holdBack(page, /\/assets\/page\.[^/]*\.js$/)
    await page.goto(path, { waitUntil: 'commit' })
    const first = point(page, 1)
    await first.getByText('Partial', { exact: true }).click()
    await expect(scoreFor(page, 'All sections')).toContainText('0 of 47 points')
    release()
    await expect(scoreFor(page, 'All sections')).toHaveText(
      'All sections: 1.5 of 47 points (3%) · 1 pass, 1 partial, 0 fail, 45 not scored',
    )
    await expect(first.getByRole('radio', { name: 'Partial' })).toBeChecked()
    await expect(point(page, 2).getByRole('radio', { name: 'Pass' })).toBeChecked()
    expect(await stored(page)).toEqual({
      'install-your-analytics-tag-exactly-once-on-every-page': 'Partial',
      'define-the-actions-that-make-money-as-key-events': 'Pass',
    })
  })

  test('prints the answers and the scores, without the site around them or the buttons', async ({ page }) => {
    await loaded(page, path)
    await point(page, 1).getByText('Pass', { exact: true }).click()
    await point(page, 2).getByText('Fail', { exact: true }).click()
    // The Print button opens the browser's print dialog.
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => void ((window as unknown as { printed: number }).printed += 1)
    })
    await scores(page).getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)

    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    // An answered point prints its answer alone; one not answered, the three to tick by hand.
    await expect(point(page, 1).locator('label').filter({ visible: true })).toHaveText(['Pass'])
    await expect(point(page, 1).getByRole('radio', { name: 'Pass' })).toBeChecked()
    await expect(point(page, 2).locator('label').filter({ visible: true })).toHaveText(['Fail'])
    await expect(point(page, 3).locator('label').filter({ visible: true })).toHaveText(['Pass', 'Partial', 'Fail'])
    await expect(sectionScore(page, 'Tracking and analytics')).toBeVisible()
    await expect(sectionScore(page, 'Tracking and analytics')).toContainText('1 of 8 points (13%)')
    await expect(scoreFor(page, 'All sections')).toBeVisible()
    await expect(scoreFor(page, 'All sections')).toContainText('1 of 47 points (2%)')
    // Print and Clear answers stay off paper.
    await expect(scores(page).locator('button')).toHaveCount(2)
    for (const button of await scores(page).locator('button').all()) await expect(button).toBeHidden()
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`answered, has no axe-core violation in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme])
      await loaded(page, path)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      await point(page, 1).getByText('Pass', { exact: true }).click()
      await point(page, 2).getByText('Partial', { exact: true }).click()
      await point(page, 2).getByRole('radio', { name: 'Partial' }).focus()
      const { violations } = await axeOn(page).include('main').analyze()
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([])
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('is the plain numbered list, with no control that would do nothing', async ({ page }) => {
    await loaded(page, path)
    const points = page.locator('ol[data-checklist] > li')
    await expect(points).toHaveCount(47)
    await expect(points.first().getByRole('heading', { level: 3 })).toHaveText(
      '1.Install your analytics tag exactly once on every page',
    )
    await expect(page.getByRole('main').getByRole('radio')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('group')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
    // No score to read, and no scores section.
    await expect(page.getByText('Section score').filter({ visible: true })).toHaveCount(0)
    await expect(page.getByText('All sections').filter({ visible: true })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Your scores', exact: true })).toHaveCount(0)
  })
})
