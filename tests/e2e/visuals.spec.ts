import { expect, test, type Locator } from '@playwright/test'
import { readFields } from '#app/lib/content/editor/saved.ts'
import { contentFileOf } from '#app/lib/content/files.ts'
import { caseStudies, industries, locations, page as registryPage, services } from '#app/lib/site/registry.ts'

// The visual proof on the key pages (docs/product.md): each drawing shows
// what the content files state, read here from the files as written.

interface Result {
  value: string
  label: string
  before?: string
}

/** A page's fields as the build reads them (blocks flat, app/lib/content/editor/saved.ts). */
function frontmatter<T>(path: string): T {
  return readFields(contentFileOf(registryPage(path))).fields as T
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found, 'the element has a box').not.toBeNull()
  return found!
}

test.describe("the home page's results panel", () => {
  const expected = caseStudies.map((entry) => {
    const [first] = frontmatter<{ results: Result[] }>(entry.path).results
    return {
      value: first!.before ? `${first!.before} → ${first!.value}` : first!.value,
      label: `${entry.name}: ${first!.label}`,
    }
  })

  test('holds the first result of every case study, as its content states it', async ({ page }) => {
    await page.goto('/')
    const panel = page.getByTestId('results-panel')
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Results for our clients')
    await expect(panel.locator('dt')).toHaveText(expected.map((result) => result.label))
    await expect(panel.locator('dd')).toHaveText(expected.map((result) => result.value))
    // The fitness brand's return on ad spend reads from its start to where it got.
    expect(expected.map((result) => result.value)).toContain('2.2x → 4.1x')
  })

  test('each label sits on its figure’s baseline, and stays where it is when the page is painted before the figure', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const rows = await page
      .getByTestId('results-panel')
      .locator('dl > div')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const dt = row.querySelector('dt')!
          const dd = row.querySelector('dd')!
          // An empty inline block at the start of a line stands on its baseline.
          const baseline = (element: Element) => {
            const mark = document.createElement('span')
            mark.style.display = 'inline-block'
            element.prepend(mark)
            const bottom = mark.getBoundingClientRect().bottom
            mark.remove()
            return bottom
          }
          const withFigure = dt.getBoundingClientRect().top
          const gap = Math.abs(baseline(dt) - baseline(dd))
          // A slow line can end a paint between the label and its figure, which comes after it.
          dd.remove()
          const withoutFigure = dt.getBoundingClientRect().top
          row.append(dd)
          return { gap, moved: withFigure - withoutFigure }
        }),
      )
    expect(rows).toHaveLength(expected.length)
    for (const row of rows) {
      expect(row.gap).toBeLessThanOrEqual(1)
      expect(row.moved).toBe(0)
    }
  })

  test('sits on the right half beside the h1 at 1280 px, under the buttons at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/')
    const panel = await box(page.getByTestId('results-panel'))
    const heading = await box(page.getByRole('heading', { level: 1 }))
    expect(panel.x).toBeGreaterThanOrEqual(640)
    expect(panel.x).toBeGreaterThan(heading.x + heading.width)
    expect(panel.y).toBeLessThan(heading.y + heading.height)
    expect(panel.y + panel.height, 'in the first screen').toBeLessThan(900)

    await page.setViewportSize({ width: 390, height: 844 })
    const narrow = await box(page.getByTestId('results-panel'))
    const button = await box(page.getByRole('main').getByRole('link', { name: 'Get a free marketing audit' }).first())
    expect(narrow.y).toBeGreaterThan(button.y + button.height)
    expect(narrow.width).toBeLessThanOrEqual(390)
  })
})

test.describe('case-study result cards', () => {
  for (const entry of caseStudies) {
    test(`${entry.path}: one card per result, before and after with their bars`, async ({ page }) => {
      const { results } = frontmatter<{ results: Result[] }>(entry.path)
      await page.goto(entry.path)
      const cards = page.getByTestId('result-cards').locator(':scope > li')
      await expect(cards).toHaveCount(results.length)
      for (const [index, result] of results.entries()) {
        const card = cards.nth(index)
        await expect(card).toContainText(result.label)
        if (!result.before) {
          await expect(card.locator('p').nth(1)).toHaveText(result.value)
          await expect(card.getByText('Before', { exact: true })).toHaveCount(0)
          continue
        }
        // Screen readers hear "2.2x to 4.1x"; the page shows an arrow.
        await expect(card.locator('p').nth(1)).toHaveText(`${result.before} → to ${result.value}`)
        await expect(card.locator('p').nth(1).locator('.sr-only')).toHaveText(' to ')
        // Each bar is named and given its figure: not colour or length alone.
        const rows = card.locator('[aria-hidden="true"] > p')
        await expect(rows).toHaveText([`Before${result.before}`, `After${result.value}`])
        const [before, after] = await rows.evaluateAll((elements) =>
          elements.map((row) => row.querySelector('span > span')!.getBoundingClientRect().width),
        )
        const expectedRatio = Number.parseFloat(result.before) / Number.parseFloat(result.value)
        expect(before! / after!).toBeCloseTo(expectedRatio, 1)
      }
    })
  }
})

test.describe('service timelines', () => {
  interface Step {
    title: string
    duration?: string
  }

  for (const entry of services) {
    test(`${entry.path}: the process's steps in order, along one line`, async ({ page }) => {
      const { process } = frontmatter<{ process: Step[] }>(entry.path)
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(entry.path)
      const timeline = page.getByTestId('process-timeline')
      const steps = timeline.locator(':scope > li')
      await expect(steps).toHaveCount(process.length)
      await expect(timeline.getByRole('heading', { level: 3 })).toHaveText(
        process.map((step, index) => `Step ${index + 1}: ${step.title}`),
      )
      for (const [index, step] of process.entries()) {
        await expect(steps.nth(index).locator('span[aria-hidden="true"]').last()).toHaveText(String(index + 1))
        if (step.duration) await expect(steps.nth(index)).toContainText(step.duration)
      }
      // Across the page at 1280 px: every step in one row, left to right.
      const wide = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()))
      expect(new Set(wide.map((item) => Math.round(item.top))).size).toBe(1)
      expect(wide.map((item) => item.left)).toEqual([...wide.map((item) => item.left)].sort((a, b) => a - b))
      // Down the page on a phone: one under the other.
      await page.setViewportSize({ width: 390, height: 844 })
      const narrow = await steps.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()))
      for (let index = 1; index < narrow.length; index++) {
        expect(narrow[index]!.top).toBeGreaterThanOrEqual(narrow[index - 1]!.bottom)
      }
    })
  }
})

// The articles' cards show each article's own cover: tests/e2e/article-covers.spec.ts.

test.describe('city key facts', () => {
  interface City {
    city: string
    region: string
    industries: { title: string }[]
    services: string[]
  }

  for (const entry of locations) {
    test(`${entry.path}: the market, its industries and the services asked for`, async ({ page }) => {
      const city = frontmatter<City>(entry.path)
      await page.goto(entry.path)
      const band = page.locator('section', { has: page.getByTestId('key-facts') })
      await expect(band.getByRole('heading', { level: 2 })).toHaveText(`${city.city} at a glance`)
      const facts = band.getByTestId('key-facts').locator(':scope > div')
      await expect(facts.locator('dt')).toHaveText([
        'The market',
        'Local industries we serve',
        'Services clients here ask for',
      ])
      await expect(facts.nth(0).locator('dd')).toHaveText(`${city.city}, ${city.region}`)
      await expect(facts.nth(1).locator('dd')).toHaveText([
        String(city.industries.length),
        city.industries.map((industry) => industry.title).join(' · '),
      ])
      await expect(facts.nth(2).locator('dd')).toHaveText([
        String(city.services.length),
        city.services.map((slug) => registryPage(`/services/${slug}`).name).join(' · '),
      ])
    })
  }
})

test.describe('industry key facts', () => {
  interface KeyFactsBlock {
    type: 'key-facts'
    title: string
    items: { term: string; value: string; items?: string[] }[]
  }

  for (const entry of industries) {
    test(`${entry.path}: the market at a glance, under the header`, async ({ page }) => {
      const [block] = frontmatter<{ sections: KeyFactsBlock[] }>(entry.path).sections
      expect(block!.type).toBe('key-facts')
      await page.goto(entry.path)
      const band = page.locator('section', { has: page.getByTestId('key-facts') })
      // The first band of the page, right after its header.
      await expect(page.locator('main section').first().getByTestId('key-facts')).toBeVisible()
      await expect(band.getByRole('heading', { level: 2 })).toHaveText(block!.title)
      const facts = band.getByTestId('key-facts').locator(':scope > div')
      await expect(facts.locator('dt')).toHaveText(block!.items.map((fact) => fact.term))
      for (const [index, fact] of block!.items.entries()) {
        await expect(facts.nth(index).locator('dd')).toHaveText(
          fact.items?.length ? [fact.value, fact.items.join(' · ')] : [fact.value],
        )
      }
    })
  }
})

test.describe('a service at a glance', () => {
  interface Service {
    deliverables: { title: string }[]
    process: { title: string; duration?: string }[]
  }
  const entry = services.find((service) => service.path === '/services/paid-ads')!
  const service = frontmatter<Service>(entry.path)

  test('from 1024 px: the deliverables and the process beside the body, linking to their sections', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(entry.path)
    const glance = page.getByRole('region', { name: 'At a glance' })
    await expect(glance).toBeVisible()
    await expect(glance.getByRole('listitem')).toHaveText(service.deliverables.map((item) => item.title))
    const [first] = service.process
    await expect(glance).toContainText(`${service.process.length} stages. First: ${first!.title} (${first!.duration}).`)
    for (const [name, id] of [
      ['What you get', 'what-you-get'],
      ['How it works', 'how-it-works'],
    ] as const) {
      await expect(glance.getByRole('link', { name })).toHaveAttribute('href', `#${id}`)
      await expect(page.locator(`#${id}`).getByRole('heading', { level: 2 })).toHaveText(name)
    }
    // Beside the start of the body, above the offer card; it scrolls away with
    // the body, and the offer card stays in view alone.
    const offer = page.locator('.reading-offer')
    const [glanceBox, offerBox, bodyBox] = await Promise.all([
      box(glance),
      box(offer),
      box(page.locator('.reading > .prose')),
    ])
    expect(Math.abs(glanceBox.y - bodyBox.y), 'level with the top of the body').toBeLessThan(8)
    expect(offerBox.y).toBeGreaterThan(glanceBox.y + glanceBox.height)
    await page.evaluate((y) => window.scrollTo(0, y), bodyBox.y + bodyBox.height * 0.8)
    await expect(glance).not.toBeInViewport()
    await expect(offer).toBeInViewport({ ratio: 1 })
  })

  test('phones meet the same sections right after the body, without it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(entry.path)
    await expect(page.getByRole('region', { name: 'At a glance' })).toBeHidden()
    await expect(page.getByRole('heading', { level: 2, name: 'What you get' })).toBeVisible()
  })
})
