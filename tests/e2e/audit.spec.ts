import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '@playwright/test'
import {
  GOOD_SITE_HOST as FIXTURE_HOST,
  goodSiteRoutes,
  startFixtureSite,
  type FixtureRoute,
  type FixtureSite,
} from '#server/audit/test-fixture-sites.ts'
import { decodedMail, mailsTo, uniqueEmail } from './leads.ts'
import { axeOn, islandAwake, ownServer } from './support.ts'

// The instant audit as a visitor uses it (docs/decisions/054-the-instant-audit.md): grade a
// website, share the report's address, ask for the full audit from it. The website is a fixture on
// this machine, which the server reaches only through AUDIT_ALLOW_HOSTS, taken in a test run alone
// (NODE_ENV=test): a server of its own.

test.describe('the instant audit', () => {
  let fixture: FixtureSite | undefined
  // Set before the server starts (the hooks run in the order they are declared).
  const env: Record<string, string> = { NODE_ENV: 'test', LEAD_RATE_LIMIT: '0' }
  test.beforeAll(async () => {
    const routes = goodSiteRoutes()
    // A page that takes a while: what the visitor sees while the grader waits for it.
    const slow: FixtureRoute = (request, response) => void setTimeout(() => routes['/']!(request, response), 1500)
    fixture = await startFixtureSite({ ...routes, '/slow': slow })
    env.AUDIT_ALLOW_HOSTS = `${FIXTURE_HOST}=127.0.0.1:${fixture.port}`
  })
  const server = ownServer('audit', env)
  // A grading, a second browser and the full-audit form, each page rendered on
  // demand: 26 s of the default 30 on a loaded two-core machine.
  test.slow()
  test.afterAll(() => fixture?.close())

  test('grade a website, open the shared report elsewhere, ask for the full audit: the team gets the score and link', async ({
    page,
    browser,
  }) => {
    await page.goto(`${server.origin}/audit`)
    const field = page.getByLabel("Your website's address")
    await expect(field).toBeInViewport()
    await field.fill(`http://${FIXTURE_HOST}/`)
    await page.getByRole('button', { name: 'Audit my website' }).click()
    await page.waitForURL(/\/audit\/report\/[\w-]{22}$/)
    const reportUrl = page.url()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Website audit of ${FIXTURE_HOST}`)
    const score = (await page
      .getByText(/^\d{1,3}\/100$/)
      .first()
      .textContent())!.replace('/100', '')
    expect(Number(score)).toBeGreaterThanOrEqual(80)
    await expect(page.getByRole('list', { name: 'Score by category' }).getByRole('listitem')).toHaveCount(5)
    expect((await axeOn(page).analyze()).violations).toEqual([])
    // The dark theme, which follows the system's from the first paint.
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect((await axeOn(page).analyze()).violations).toEqual([])

    // The report's address, opened by someone else: the same report.
    const other = await browser.newContext()
    const shared = await other.newPage()
    await shared.goto(reportUrl)
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(`Website audit of ${FIXTURE_HOST}`)
    await expect(shared.getByText(`${score}/100`).first()).toBeVisible()

    // Printed, the report drops the form and the navigation around it.
    await shared.emulateMedia({ media: 'print' })
    await expect(shared.getByRole('button', { name: 'Get the full audit' })).toBeHidden()
    await shared.emulateMedia({ media: 'screen' })

    // The full audit, asked for from the report: the website is filled in, the report goes with it.
    const email = uniqueEmail('audit-report')
    const form = shared.getByRole('form', { name: 'Get the full audit' })
    await form.getByLabel('Your name').click()
    await islandAwake(shared, 'ContactForm')
    await expect(form.getByLabel('Your website')).toHaveValue(`http://${FIXTURE_HOST}/`)
    await form.getByLabel('Your name').fill('Ada Lovelace')
    await form.getByLabel('Work email').fill(email)
    // A person takes a moment; a form sent faster is a bot's, answered and not stored.
    await shared.waitForTimeout(2000)
    await form.getByRole('button', { name: 'Get the full audit' }).click()
    await shared.waitForURL(/\/thank-you$/)
    await other.close()

    const id = reportUrl.split('/').at(-1)
    const db = new Database(path.join(server.dataDir, 'leads.sqlite'), { readonly: true, fileMustExist: true })
    try {
      expect(db.prepare('SELECT topic, audit_report_id FROM leads WHERE email = ?').all(email)).toEqual([
        { topic: 'audit', audit_report_id: id },
      ])
    } finally {
      db.close()
    }
    await expect
      .poll(() =>
        mailsTo('hello@northpeak.example', server.dataDir)
          .map(decodedMail)
          .some(
            (mail) =>
              mail.includes(email) &&
              mail.includes(`Instant audit: ${score}/100, https://northpeak.example/audit/report/${id}`),
          ),
      )
      .toBe(true)
  })

  test('with JavaScript, the page says what is being read while the grader works', async ({ page }) => {
    await page.goto(`${server.origin}/audit`)
    await page.getByLabel("Your website's address").fill(`http://${FIXTURE_HOST}/slow`)
    // What the page shows once the form is sent, noted as it changes: the browser replaces the page
    // with the report as soon as it arrives, and the note survives in the tab's storage.
    await page.evaluate(() => {
      const progress = document.getElementById('audit-progress')!
      new MutationObserver(() => {
        const box = progress.getBoundingClientRect()
        const status = progress.querySelector('[role="status"]')?.textContent ?? ''
        if (!status) return
        sessionStorage.setItem(
          'audit-progress-seen',
          JSON.stringify({
            status,
            shown: getComputedStyle(progress).display !== 'none',
            inViewport: box.top >= 0 && box.bottom <= window.innerHeight,
          }),
        )
      }).observe(progress, { attributes: true, childList: true, subtree: true, characterData: true })
    })
    await page.getByRole('button', { name: 'Audit my website' }).click()
    await page.waitForURL(/\/audit\/report\/[\w-]{22}$/)
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('audit-progress-seen'))) ?? 'null')).toEqual({
      status: `Auditing http://${FIXTURE_HOST}/slow: the page, its robots.txt and sitemap, its scripts and links.`,
      shown: true,
      inViewport: true,
    })
  })

  test("an address on the server's own network: refused beside the field, nothing fetched", async ({ page }) => {
    const before = fixture!.count()
    await page.goto(`${server.origin}/audit`)
    await page.getByLabel("Your website's address").fill(`http://127.0.0.1:${fixture!.port}/`)
    await page.getByRole('button', { name: 'Audit my website' }).click()
    await expect(page.getByText(/Only ports 80 and 443 can be checked/)).toBeVisible()
    await page.getByLabel("Your website's address").fill('http://localhost/')
    await page.getByRole('button', { name: 'Audit my website' }).click()
    await expect(page.getByText(/loopback/)).toBeVisible()
    await expect(page.getByLabel("Your website's address")).toHaveAttribute('aria-invalid', 'true')
    expect(fixture!.count()).toBe(before)
  })
})
