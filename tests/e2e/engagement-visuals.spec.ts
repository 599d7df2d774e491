import { expect, test, type Locator, type Page } from '@playwright/test'
import { readFields } from '#app/lib/content/editor/saved.ts'
import { contentFileOf } from '#app/lib/content/files.ts'
import { caseStudies, page as registryPage, services } from '#app/lib/site/registry.ts'
import { loaded } from './support.ts'

// Case studies draw their engagement from their own figures, services show
// what their deliverable looks like (docs/product.md#case-studies,
// docs/product.md#service-page). The figures expected here are read from the
// content files as written.

/** A page's fields as the build reads them (blocks flat, app/lib/content/editor/saved.ts). */
function frontmatter<T>(path: string): T {
  return readFields(contentFileOf(registryPage(path))).fields as T
}

interface Period {
  label: string
  short: string
  before?: boolean
}
type Timeline =
  | { kind: 'counts'; title: string; groups: string[]; points: (Period & { counts: number[] })[] }
  | { kind: 'ad-return'; title: string; points: (Period & { spend: number; revenue: number; customers: number })[] }
interface Funnel {
  title: string
  stages: string[]
  before: { label: string; counts: number[] }
  after: { label: string; counts: number[] }
}

const firstScreen = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }
const number = (value: number) => value.toLocaleString('en-US')

/** The part of a box inside the first screen. */
async function visibleBox(locator: Locator, page: Page) {
  const box = await locator.boundingBox()
  expect(box, 'the element has a box').not.toBeNull()
  const { width, height } = page.viewportSize()!
  return {
    ...box!,
    visibleWidth: Math.max(0, Math.min(box!.x + box!.width, width) - Math.max(box!.x, 0)),
    visibleHeight: Math.max(0, Math.min(box!.y + box!.height, height) - Math.max(box!.y, 0)),
  }
}

/** The table's body rows as text: the row's head, then its cells. */
async function bodyRows(table: Locator) {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent!.trim())))
}

test.describe('a case study draws its engagement', () => {
  for (const entry of caseStudies) {
    const { engagement } = frontmatter<{ engagement: { timeline: Timeline; funnel: Funnel } }>(entry.path)
    const { timeline, funnel } = engagement

    test(`${entry.path}: the metric over time beside the heading, its table the series of the data file`, async ({
      page,
    }) => {
      await page.setViewportSize(firstScreen)
      await loaded(page, entry.path)
      const figure = page.getByRole('figure', { name: timeline.title })
      const chart = figure.locator('svg:has([data-period])')
      const heading = await visibleBox(page.getByRole('heading', { level: 1 }), page)
      const drawn = await visibleBox(chart, page)
      expect(drawn.visibleWidth, 'width in the first screen').toBeGreaterThanOrEqual(240)
      expect(drawn.visibleHeight, 'height in the first screen').toBeGreaterThanOrEqual(160)
      expect(drawn.x, 'beside the heading').toBeGreaterThan(heading.x + heading.width)
      expect(drawn.y).toBeLessThan(heading.y + heading.height)

      // One bar per period (and group), each as tall as its figure.
      const values =
        timeline.kind === 'counts'
          ? timeline.points.map((point) => point.counts.reduce((sum, value) => sum + value, 0))
          : timeline.points.map((point) => point.revenue / point.spend)
      const bars = chart.locator('[data-period]')
      await expect(bars).toHaveCount(timeline.points.length)
      const heights = await bars.evaluateAll((groups) => groups.map((group) => group.getBoundingClientRect().height))
      const tallest = Math.max(...values)
      const tallestHeight = Math.max(...heights)
      for (const [index, value] of values.entries())
        expect(heights[index]! / tallestHeight, timeline.points[index]!.label).toBeCloseTo(value / tallest, 1)

      const table = figure.getByRole('table', { name: timeline.title })
      const expected = timeline.points.map((point) => {
        if (timeline.kind === 'ad-return') {
          const { spend, revenue, customers } = point as Extract<Timeline, { kind: 'ad-return' }>['points'][number]
          return [
            point.label,
            `$${number(spend)}`,
            `$${number(revenue)}`,
            `${(revenue / spend).toFixed(2)}x`,
            number(customers),
          ]
        }
        const { counts } = point as Extract<Timeline, { kind: 'counts' }>['points'][number]
        const total = counts.reduce((sum, value) => sum + value, 0)
        return [point.label, ...(counts.length > 1 ? [...counts, total] : [total]).map(number)]
      })
      expect(await bodyRows(table)).toEqual(expected)
    })

    test(`${entry.path}: the funnel before and after, with its table`, async ({ page }) => {
      await page.setViewportSize(firstScreen)
      await loaded(page, entry.path)
      const figure = page.getByRole('figure', { name: funnel.title })
      await figure.scrollIntoViewIfNeeded()
      await expect(figure.locator('svg').last()).toBeVisible()
      await expect(figure).toContainText(funnel.before.label)
      await expect(figure).toContainText(funnel.after.label)
      const share = (counts: number[], index: number) => `${Math.round((counts[index]! / counts[0]!) * 100)}%`
      expect(await bodyRows(figure.getByRole('table', { name: funnel.title }))).toEqual(
        funnel.stages.map((stage, index) => [
          stage,
          `${number(funnel.before.counts[index]!)} (${share(funnel.before.counts, index)})`,
          `${number(funnel.after.counts[index]!)} (${share(funnel.after.counts, index)})`,
        ]),
      )
    })

    test(`${entry.path}: on a phone the chart comes under the text, within the width`, async ({ page }) => {
      await page.setViewportSize(phone)
      await loaded(page, entry.path)
      const lede = await visibleBox(page.locator('header h1 + p'), page)
      const chart = await visibleBox(
        page.getByRole('figure', { name: timeline.title }).locator('svg:has([data-period])'),
        page,
      )
      expect(chart.y).toBeGreaterThan(lede.y + lede.height)
      expect(chart.x).toBeGreaterThanOrEqual(0)
      expect(chart.x + chart.width).toBeLessThanOrEqual(phone.width)
    })
  }

  test('at 1280 px the story has its glance beside it, in view while it scrolls', async ({ page }) => {
    await page.setViewportSize(firstScreen)
    await loaded(page, '/case-studies/saas-startup')
    const glance = page.getByRole('complementary', { name: 'At a glance' })
    const story = page.locator('.prose').first()
    const storyBox = await visibleBox(story, page)
    const glanceBox = await visibleBox(glance, page)
    expect(glanceBox.x, 'beside the story').toBeGreaterThan(storyBox.x + storyBox.width)
    await expect(glance).toContainText('Series A B2B SaaS company (spend management)')
    await expect(glance).toContainText('6 months')
    await page.evaluate((y) => window.scrollTo(0, y), storyBox.y + storyBox.height / 2)
    await expect(glance).toBeInViewport()
  })
})

test.describe('a service shows what its deliverable looks like', () => {
  for (const entry of services) {
    const { sample } = frontmatter<{ sample: { title: string; kind: string } & Record<string, unknown> }>(entry.path)
    /** Every word the sample draws, as its file gives them: all its text but its kind, title and caption. */
    const drawn = Object.entries(sample)
      .filter(([key]) => !['kind', 'title', 'caption'].includes(key))
      .map(([, value]) => value)
    const words: string[] = []
    const collect = (value: unknown) => {
      if (typeof value === 'string') words.push(value)
      else if (Array.isArray(value)) value.forEach(collect)
      else if (value && typeof value === 'object') Object.values(value).forEach(collect)
    }
    collect(drawn)

    test(`${entry.path}: the sample beside the heading in the first screen, labelled as a sample`, async ({ page }) => {
      await page.setViewportSize(firstScreen)
      await loaded(page, entry.path)
      const figure = page.getByRole('figure', { name: `Sample: ${sample.title}` })
      const drawing = await visibleBox(figure.locator('svg').first(), page)
      const heading = await visibleBox(page.getByRole('heading', { level: 1 }), page)
      expect(drawing.visibleWidth, 'width in the first screen').toBeGreaterThanOrEqual(240)
      expect(drawing.visibleHeight, 'height in the first screen').toBeGreaterThanOrEqual(160)
      expect(drawing.x, 'beside the heading').toBeGreaterThan(heading.x + heading.width)
      expect(drawing.y).toBeLessThan(heading.y + heading.height)
      await expect(figure.locator('figcaption')).toContainText('not a client')
      expect(words.length).toBeGreaterThanOrEqual(6)
      for (const word of words) await expect(figure).toContainText(word)
    })
  }

  test('on a phone the sample comes under the text, within the width', async ({ page }) => {
    await page.setViewportSize(phone)
    await loaded(page, '/services/paid-ads')
    const figure = page.getByRole('figure', { name: 'Sample: Weekly report card' })
    const drawing = await visibleBox(figure.locator('svg').first(), page)
    const lede = await visibleBox(page.locator('header h1 + p'), page)
    expect(drawing.y).toBeGreaterThan(lede.y + lede.height)
    expect(drawing.x).toBeGreaterThanOrEqual(0)
    expect(drawing.x + drawing.width).toBeLessThanOrEqual(phone.width)
  })
})
