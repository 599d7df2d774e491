import ExcelJS from 'exceljs'
import { expect, test, type APIResponse } from '@playwright/test'
import { auditKit } from '#app/lib/leads/audit-kit.ts'
import { CONTACT_AUDIT_HREF } from '#app/lib/leads/audit-request.ts'
import { downloads, XLSX_TYPE } from '#app/lib/site/downloads.ts'
import { calculateRoi, roiDefaults } from '#app/lib/tools/roi.ts'
import { site } from '#app/lib/site/site.ts'
import { decodedMail as decoded, leadsWith, mailsTo, uniqueEmail } from './leads.ts'
import { loaded } from './support.ts'

// The free audit's kit as the served site delivers it (docs/product.md#downloads):
// the two workbooks the build wrote, the guide, the list on /resources, and
// the kit's email to a visitor who asks for the audit through the contact form.

async function workbook(response: APIResponse): Promise<ExcelJS.Workbook> {
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe(XLSX_TYPE)
  // Built again with the content under the same name: asked again each time, like a page.
  expect(response.headers()['cache-control']).toBe('no-cache')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load((await response.body()) as unknown as ArrayBuffer)
  return book
}

test('/resources lists each part of the kit with what it is, and its links work', async ({ page, request }) => {
  await loaded(page, '/resources')
  const main = page.getByRole('main')
  await expect(main).toContainText(`together valued at ${site.auditOffer.worth}`)
  for (const part of auditKit) {
    const item = main.getByRole('listitem').filter({ hasText: `The ${part.name}: ${part.what}.` })
    await expect(item).toHaveCount(1)
    for (const link of part.links) {
      await expect(item.getByRole('link', { name: link.label })).toHaveAttribute('href', link.path)
      expect((await request.get(link.path)).status(), link.path).toBe(200)
    }
  }
  await expect(main.getByRole('link', { name: 'Read the AI guide' })).toHaveAttribute(
    'href',
    '/resources/ai-optimization-guide',
  )
})

test("the ROI calculator spreadsheet is a workbook holding the calculator's figures", async ({ request }) => {
  const book = await workbook(await request.get(downloads.roiSpreadsheet.path))
  expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Inputs', 'Model', 'How it works'])
  const model = book.getWorksheet('Model')!
  const result = calculateRoi(roiDefaults)
  const byLabel = (label: string) => {
    let found: ExcelJS.Row | undefined
    model.eachRow((row) => {
      if (row.getCell(1).value === label) found = row
    })
    return found!
  }
  const revenue = byLabel('Revenue per month')
  expect([revenue.getCell(2).result, revenue.getCell(3).result]).toEqual([
    result.today.revenue,
    result.withUplift.revenue,
  ])
  expect(revenue.getCell(3).formula).toMatch(/ROUND\(/)
})

test('the checklist page links its workbook: one row per point, to score', async ({ page, request }) => {
  await loaded(page, '/resources/audit-checklist')
  const link = page.getByRole('main').getByRole('link', { name: 'Download the workbook' }).first()
  await expect(link).toHaveAttribute('href', downloads.auditChecklist.path)
  const book = await workbook(await request.get(downloads.auditChecklist.path))
  const sheet = book.getWorksheet('Checklist')!
  expect(sheet.rowCount).toBe(1 + 47)
  const titles = await page.locator('ol[data-checklist] > li h3').allTextContents()
  expect(titles.map((title) => title.replace(/^\d+\./, ''))).toEqual(
    Array.from({ length: 47 }, (_, index) => sheet.getRow(index + 2).getCell(3).value),
  )
})

test.describe('the AI optimization guide', () => {
  test('is linked from /resources and prints without the header and footer', async ({ page }) => {
    await loaded(page, '/resources')
    await page.getByRole('main').getByRole('link', { name: 'Read the AI guide' }).click()
    await expect(page).toHaveURL(/\/resources\/ai-optimization-guide$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The AI optimization guide: where AI saves a marketing team time',
    )
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Resources')
    for (const area of ['1. Research', '2. Briefs', '3. Ad variants', '4. Reporting', '5. Email', '6. QA']) {
      await expect(page.getByRole('heading', { level: 2, name: area })).toBeVisible()
    }
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden()
    await expect(page.locator('main pre').first()).toBeVisible()
  })

  test('fits a 360 px phone without scrolling sideways: the prompts wrap', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await loaded(page, '/resources/ai-optimization-guide')
    const prompts = page.locator('main pre')
    expect(await prompts.count()).toBeGreaterThanOrEqual(6)
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }))
    expect(scrollWidth).toBe(clientWidth)
  })
})

test.describe('a request for an audit through the contact form', () => {
  test.use({ javaScriptEnabled: false })

  test('gets the kit by email, each part linked on the origin', async ({ page }) => {
    const email = uniqueEmail('contact-audit')
    await page.goto(CONTACT_AUDIT_HREF)
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByLabel('Work email').fill(email)
    await page.getByRole('textbox', { name: 'Your website', exact: true }).fill('navy-labs.example')
    // A person takes a moment; a form sent faster is a bot's, answered and not stored.
    await page.waitForTimeout(2000)
    await page.getByRole('button', { name: 'Ask for the free audit' }).click()
    await expect(page).toHaveURL(/\/thank-you$/)
    expect(leadsWith(email)).toMatchObject([{ kind: 'contact', topic: 'audit' }])
    await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1)
    const mail = decoded(mailsTo(email)[0]!)
    expect(mail).toContain('Hello Grace Hopper,')
    auditKit.forEach((part, index) => {
      expect(mail).toContain(`${index + 1}. The ${part.name}: ${part.what}.`)
      for (const link of part.links) expect(mail).toContain(`   ${link.label}: ${site.origin}${link.path}`)
    })
  })
})
