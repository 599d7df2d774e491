import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { dump, load } from 'js-yaml'
import { freePort } from '#server/free-port.ts'

// The content editor as a marketer uses it (docs/editing.md): `npm run cms`,
// the editor at /keystatic, a change saved into the file it belongs to and
// nowhere else, the page showing it, and a value the build would refuse
// refused in the editor with the build's own message. The editor writes the
// checkout's own files: the three it changes are put back after the tests,
// and the photo it uploads is removed.

const ARTICLE = 'content/blog/local-seo-guide.md'
const SERVICE = 'content/services/paid-ads.md'
const MEMBER = 'content/team/maya-okafor.yaml'
const PHOTO_FOLDER = 'content/team/maya-okafor'
const GUIDE = 'content/blog/b2b-marketing-guide.md'
const BLOG_PAGE = 'content/pages/blog.md'
const originals = new Map(
  [ARTICLE, SERVICE, MEMBER, GUIDE, BLOG_PAGE].map((file) => [file, readFileSync(file, 'utf8')]),
)
// Files the tests create, removed after them.
const TESTIMONIAL = 'content/testimonials/dana-whitfield.yaml'
const CLIENT = 'content/clients/acme-analytics.yaml'

/**
 * How long a page of `npm run cms` may take to show a saved file: the dev
 * server takes the file in, and draws an uploaded picture, while the other
 * end-to-end tests keep this 2-core machine busy (over 30 s seen).
 */
const TAKEN_IN = 60_000

test.describe.configure({ mode: 'serial' })

let editor: ChildProcess | undefined
let origin = ''
/** What `npm run cms` has printed: a file it could not take in is named there. */
let editorOutput = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const port = await freePort()
  editor = spawn('npm', ['run', 'cms', '--', '--port', String(port)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      editorOutput += chunk.toString()
      if (/ready in/.test(editorOutput)) resolve()
    }
    editor!.stdout!.on('data', collect)
    editor!.stderr!.on('data', collect)
    editor!.once('exit', (code) => reject(new Error(`npm run cms exited with ${code}: ${editorOutput}`)))
  })
  origin = `http://127.0.0.1:${port}`
})

test.afterAll(() => {
  for (const [file, text] of originals) writeFileSync(file, text)
  rmSync(PHOTO_FOLDER, { recursive: true, force: true })
  for (const file of [TESTIMONIAL, CLIENT]) rmSync(file, { force: true })
  if (editor?.pid) process.kill(-editor.pid, 'SIGTERM')
})

/** A file's frontmatter as data, and its body. */
function fieldsOf(text: string): { fields: Record<string, unknown>; body: string } {
  const match = /^---\n([^]*?)\n---\n/.exec(text)
  if (!match) throw new Error('no frontmatter')
  return { fields: load(match[1]!) as Record<string, unknown>, body: text.slice(match[0].length) }
}

/** The file as the editor writes it with one change made to its fields, and nothing else. */
function withChange(text: string, change: (fields: Record<string, unknown>) => void): string {
  const { fields, body } = fieldsOf(text)
  change(fields)
  return `---\n${dump(fields)}---\n${body}`
}

/**
 * What a page of the site shows as `npm run cms` renders it from the saved
 * files, read in a tab of its own (the editor's tab reloads as files change).
 */
async function shown(page: Page, path: string, read: (page: Page) => Promise<unknown>): Promise<unknown> {
  const tab = await page.context().newPage()
  // Each look is bounded, the read as the request: a request the dev server holds while it takes a
  // saved file in, or a page it draws without what `read` waits for, is asked again by the poll
  // rather than waited on until the poll's time is out.
  tab.setDefaultTimeout(10_000)
  try {
    await tab.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' })
    return await read(tab)
  } catch (error) {
    const title = await tab.title().catch(() => '')
    return `not shown yet (page title "${title}"): ${(error as Error).message.split('\n')[0]}`
  } finally {
    await tab.close()
  }
}

/** Where `npm run cms` keeps the collections as it has taken them in: Astro's data store. */
const STORE = '.astro/data-store.json'

/**
 * Waits until the dev server has written its store anew after `file` was
 * saved; only then is a page looked at. A page rendered while the store is
 * being replaced can keep showing the old text until the next save (an
 * `astro dev` race, docs/editing.md): the editor's own tab reloads once the
 * store is written, and so a reader looks then too.
 */
async function takenIn(file: string) {
  const saved = statSync(file).mtimeMs
  await expect
    .poll(() => (existsSync(STORE) ? statSync(STORE).mtimeMs : 0), { timeout: TAKEN_IN, message: `${file} taken in` })
    .toBeGreaterThan(saved)
}

async function openEntry(page: Page, collection: string, slug: string) {
  await page.goto(`${origin}/keystatic/collection/${collection}/item/${slug}`)
  // The first visit bundles the editor's scripts.
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 90_000 })
  await expect(page.getByRole('textbox', { name: /^File name/ })).toHaveValue(slug, { timeout: 30_000 })
}

test('an article’s title, saved: the file changes there and nowhere else, and the article shows it', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const title = 'Local SEO Guide: Business Profile, Reviews and Local Pages That Rank'
  await openEntry(page, 'blog', 'local-seo-guide')
  // The article's own title, not its call to action's.
  const field = page.getByRole('textbox', { name: 'Title', exact: true }).first()
  await expect(field).toHaveValue(/^Local SEO Guide: Google Business Profile/)
  await field.fill(title)
  await page.getByRole('button', { name: 'Save' }).click()

  const expected = withChange(originals.get(ARTICLE)!, (fields) => {
    fields.title = title
  })
  await expect.poll(() => readFileSync(ARTICLE, 'utf8'), { timeout: 15_000 }).toBe(expected)
  await takenIn(ARTICLE)
  // What changed is the title's lines at the top: every line from the search title on is as it was.
  const after = readFileSync(ARTICLE, 'utf8').split('\n')
  const before = originals.get(ARTICLE)!.split('\n')
  const from = (lines: string[]) => lines.slice(lines.findIndex((line) => line.startsWith('searchTitle:')))
  expect(from(after)).toEqual(from(before))

  await expect
    .poll(() => shown(page, '/blog/local-seo-guide', (tab) => tab.getByRole('heading', { level: 1 }).textContent()), {
      timeout: TAKEN_IN,
    })
    .toBe(title)
})

test('a service’s FAQ answer, saved: the file changes there and nowhere else, and the service page shows it', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const answer =
    'You do. We work inside your own ad accounts with our own logins, and open new ones in your company’s name with your billing, so the history stays yours.'
  await openEntry(page, 'services', 'paid-ads')
  const question = 'Who owns the ad accounts?'
  await page.getByRole('grid', { name: 'FAQ' }).getByRole('row', { name: question }).getByText(question).click()
  const dialog = page.getByRole('dialog', { name: 'Edit item' })
  await dialog.getByRole('textbox', { name: 'Answer' }).fill(answer)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('button', { name: 'Save' }).click()

  const expected = withChange(originals.get(SERVICE)!, (fields) => {
    const faq = fields.faq as { question: string; answer: string }[]
    faq.find((item) => item.question === question)!.answer = answer
  })
  await expect.poll(() => readFileSync(SERVICE, 'utf8'), { timeout: 15_000 }).toBe(expected)
  await takenIn(SERVICE)

  await expect
    .poll(() => shown(page, '/services/paid-ads', (tab) => tab.getByText(answer).count()), { timeout: TAKEN_IN })
    .toBe(1)
})

test('a second button added to an article’s call to action: ticked and filled in, saved, shown under the article', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await openEntry(page, 'blog', 'b2b-marketing-guide')
  await page.getByRole('checkbox', { name: 'Secondary: include' }).check()
  const label = page.getByRole('textbox', { name: 'Secondary: label' })
  const href = page.getByRole('textbox', { name: 'Secondary: link' })
  await label.fill('See what each plan includes')
  // A page that does not exist is refused with the build's message.
  await href.fill('/no-such-page')
  await href.blur()
  await expect(href).toHaveAttribute('aria-invalid', 'true')
  await href.fill('/pricing')
  await expect(href).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Save' }).click()

  const expected = withChange(originals.get(GUIDE)!, (fields) => {
    ;(fields.cta as Record<string, unknown>).secondary = { label: 'See what each plan includes', href: '/pricing' }
  })
  await expect.poll(() => readFileSync(GUIDE, 'utf8'), { timeout: 15_000 }).toBe(expected)
  await takenIn(GUIDE)
  await expect
    .poll(
      () =>
        shown(page, '/blog/b2b-marketing-guide', (tab) =>
          // A page rendered before the dev server took the file in has no such link: ask again.
          tab.getByRole('link', { name: 'See what each plan includes' }).getAttribute('href', { timeout: 2_000 }),
        ),
      { timeout: TAKEN_IN },
    )
    .toBe('/pricing')
})

test('a team photo, uploaded: the file names it, the picture sits beside it, and /team shows it as a responsive picture', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await openEntry(page, 'team', 'maya-okafor')
  // A square picture of 480 px, drawn in the page: what a phone's portrait would be cropped to.
  const photo = Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas')
      canvas.width = canvas.height = 480
      const context = canvas.getContext('2d')!
      context.fillStyle = '#1e3a8a'
      context.fillRect(0, 0, 480, 480)
      context.fillStyle = '#f59e0b'
      context.beginPath()
      context.arc(240, 200, 110, 0, 2 * Math.PI)
      context.fill()
      return canvas.toDataURL('image/png').split(',')[1]!
    }),
    'base64',
  )
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose file' }).click()
  await (await chooser).setFiles({ name: 'maya.png', mimeType: 'image/png', buffer: photo })
  await page.getByRole('button', { name: 'Save' }).click()

  // The file gains one line, the photo's path from it; the picture is where that path leads.
  await expect
    .poll(() => readFileSync(MEMBER, 'utf8'), { timeout: 15_000 })
    .toBe(`${originals.get(MEMBER)!}photo: ./maya-okafor/photo.png\n`)
  // The editor writes the entry's file and then the photo, one after the other: wait for the whole photo.
  await expect
    .poll(() => existsSync(`${PHOTO_FOLDER}/photo.png`) && readFileSync(`${PHOTO_FOLDER}/photo.png`).equals(photo), {
      timeout: 15_000,
    })
    .toBe(true)
  await takenIn(MEMBER)

  const picture = (tab: Page) =>
    tab.getByRole('listitem').filter({ has: tab.getByRole('heading', { name: 'Maya Okafor' }) })
  await expect
    .poll(
      () =>
        shown(page, '/team', async (tab) => {
          const card = picture(tab)
          const image = card.getByRole('img', { name: 'Photo of Maya Okafor' })
          await image.scrollIntoViewIfNeeded({ timeout: 2_000 })
          await expect(image).toBeInViewport()
          return {
            avif: (await card.locator('source[type="image/avif"]').getAttribute('srcset', { timeout: 2_000 }))?.split(
              ', ',
            ).length,
            webp: (await image.getAttribute('srcset', { timeout: 2_000 }))?.split(', ').length,
            size: [
              await image.getAttribute('width', { timeout: 2_000 }),
              await image.getAttribute('height', { timeout: 2_000 }),
            ],
            drawn: await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
            box: await image.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height]),
            // The picture drawn from her name gives way to her photo.
            drawing: await card.locator('[data-avatar]').count(),
          }
        }),
      { timeout: TAKEN_IN },
    )
    .toEqual({ avif: 3, webp: 3, size: ['56', '56'], drawn: true, box: [56, 56], drawing: 0 })
})

test('a testimonial added in the editor: a role in place of a name is refused, a named person is shown on /case-studies', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(`${origin}/keystatic/collection/testimonials/create`)
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible({ timeout: 90_000 })
  const quote = 'They found the leak in our funnel in the first two weeks, and the fix paid for the year.'
  await page.getByRole('textbox', { name: /^File name/ }).fill('dana-whitfield')
  await page.getByRole('textbox', { name: 'Quote' }).fill(quote)
  const person = page.getByRole('textbox', { name: 'Person' })
  await person.fill('Head of Growth')
  await person.blur()
  const refusal = page.getByText('names the person who said it, first and last name ("Jane Doe"), not their role')
  await expect(refusal).toBeVisible()
  await expect(person).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Create' }).click()
  await page.waitForTimeout(2_000)
  expect(existsSync(TESTIMONIAL)).toBe(false)

  await person.fill('Dana Whitfield')
  await page.getByRole('textbox', { name: 'Role' }).fill('Marketing Director')
  await page.getByRole('textbox', { name: 'Company' }).fill('Acme Analytics')
  await page.getByRole('textbox', { name: 'Consented' }).fill('2026-11-20')
  await expect(refusal).toBeHidden()
  await page.getByRole('button', { name: 'Create' }).click()
  // Created, the editor opens the new entry: its file is written by then.
  await expect(page).toHaveURL(/\/keystatic\/collection\/testimonials\/item\/dana-whitfield$/, { timeout: TAKEN_IN })
  await expect
    .poll(() => (existsSync(TESTIMONIAL) ? load(readFileSync(TESTIMONIAL, 'utf8')) : undefined), { timeout: 15_000 })
    .toEqual({
      quote,
      person: 'Dana Whitfield',
      role: 'Marketing Director',
      company: 'Acme Analytics',
      consented: '2026-11-20',
    })
  await takenIn(TESTIMONIAL)

  await expect
    .poll(
      () =>
        shown(page, '/case-studies', async (tab) => {
          const block = tab.getByRole('region', { name: "In our clients' words" })
          return [await block.getByText(quote).count(), await block.getByText('Dana Whitfield').count()]
        }),
      { timeout: TAKEN_IN },
    )
    .toEqual([1, 1])
})

test('a client added in the editor is named on /case-studies while permission is ticked, and only then', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto(`${origin}/keystatic/collection/clients/create`)
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible({ timeout: 90_000 })
  await page.getByRole('textbox', { name: /^File name/ }).fill('acme-analytics')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Analytics')
  await page.getByRole('checkbox', { name: 'Permission' }).check()
  await page.getByRole('textbox', { name: 'Link' }).fill('https://acme.example')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/keystatic\/collection\/clients\/item\/acme-analytics$/, { timeout: TAKEN_IN })
  await expect
    .poll(() => (existsSync(CLIENT) ? load(readFileSync(CLIENT, 'utf8')) : undefined), { timeout: 15_000 })
    .toEqual({ name: 'Acme Analytics', permission: true, link: 'https://acme.example' })
  await takenIn(CLIENT)
  const named = (tab: Page) =>
    tab
      .getByRole('region', { name: 'Clients who let us name them' })
      .getByRole('link', { name: /^Acme Analytics/ })
      .count()
  await expect.poll(() => shown(page, '/case-studies', named), { timeout: TAKEN_IN }).toBe(1)

  // Permission withdrawn: the file keeps the client, the site names them nowhere.
  await openEntry(page, 'clients', 'acme-analytics')
  await page.getByRole('checkbox', { name: 'Permission' }).uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect.poll(() => load(readFileSync(CLIENT, 'utf8')), { timeout: 15_000 }).toMatchObject({ permission: false })
  await takenIn(CLIENT)
  // The testimonial of the test before names the same company: only the list of clients is looked at.
  await expect
    .poll(
      () =>
        shown(page, '/case-studies', (tab) =>
          tab.getByRole('region', { name: 'Clients who let us name them' }).count(),
        ),
      {
        timeout: TAKEN_IN,
      },
    )
    .toBe(0)
})

test('a page whose cards link to articles is saved: the editor knows the articles’ pages too', async ({ page }) => {
  test.setTimeout(180_000)
  expect(originals.get(BLOG_PAGE)).toContain('href: /blog/paid-ads-strategy')
  await openEntry(page, 'pages', 'blog')
  // The eyebrow, which no other test reads from the file: the suite's other workers check the
  // pages' headings against content/ while this test has it changed.
  const eyebrow = page.getByRole('textbox', { name: 'Eyebrow', exact: true })
  const changed = 'Guides and playbooks'
  await eyebrow.fill(changed)
  await page.getByRole('button', { name: 'Save' }).click()
  const expected = withChange(originals.get(BLOG_PAGE)!, (fields) => {
    fields.eyebrow = changed
  })
  await expect.poll(() => readFileSync(BLOG_PAGE, 'utf8'), { timeout: 15_000 }).toBe(expected)
  await expect(page.getByText(/is not a page of the site/)).toHaveCount(0)
})

test('a description over the limit is refused with the schema’s message, and nothing is written', async ({ page }) => {
  test.setTimeout(180_000)
  const before = readFileSync(ARTICLE, 'utf8')
  await openEntry(page, 'blog', 'local-seo-guide')
  const description = page.getByRole('textbox', { name: 'Description' })
  await description.fill(`${'Rank in the map pack and local results with a profile, reviews and pages. '.repeat(3)}`)
  await description.blur()
  const message = page.getByText('Too big: expected string to have <=165 characters')
  await expect(message).toBeVisible()
  await expect(message).toBeInViewport()
  await expect(description).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('button', { name: 'Save' }).click()
  await page.waitForTimeout(2_000)
  expect(readFileSync(ARTICLE, 'utf8')).toBe(before)
})

test('the editor writes only content/, only for its own page: another site or host name is refused', async ({
  request,
}) => {
  const update = (path: string, headers: Record<string, string>) =>
    request.post(`${origin}/api/keystatic/update`, {
      headers,
      data: JSON.stringify({ additions: [{ path, contents: 'YQ' }], deletions: [] }),
    })
  // A form or a plain fetch from another site can send no custom header without the browser asking first,
  // and the editor's server answers no such question: refused.
  expect((await update('content/blog/planted.md', { 'Content-Type': 'text/plain' })).status()).toBe(400)
  // A page of another site that its DNS points at this machine (DNS rebinding) names its own host: refused.
  const rebound = await request.get(`${origin}/api/keystatic/tree`, {
    headers: { Host: 'evil.example', 'no-cors': '1' },
  })
  expect(rebound.status()).toBe(403)
  // The editor's own page writes only inside the collections' folders.
  const outside = await update('server/planted.ts', { 'Content-Type': 'application/json', 'no-cors': '1' })
  expect(outside.status()).toBe(400)
  expect(existsSync('server/planted.ts')).toBe(false)
  expect(existsSync('content/blog/planted.md')).toBe(false)
})

test('a file emptied and then written 40 ms later, as a busy machine saves it, is taken in whole', async () => {
  test.setTimeout(240_000)
  // The editor's own write (fs.writeFile) opens the file empty and then writes it; on a loaded machine
  // the two steps lie apart, and the watcher drops a second report within 50 ms of the first
  // (astro.config.ts). Before the fix the server read the empty file, refused it and kept the old
  // text: the store never held the new one (3 saves of 3). What is checked is the store the preview
  // renders from: a page rendered at the moment the store is replaced can keep the old text until
  // the next save (an `astro dev` race, docs/editing.md), which the tests above read past by looking
  // once the store is written; under a loaded run it still showed in 2 of 2 runs here, so the page
  // itself is not this test's measure.
  try {
    for (const round of [1, 2, 3]) {
      const question = `Who owns the ad accounts (save ${round})?`
      const text = originals.get(SERVICE)!.replace('Who owns the ad accounts?', question)
      expect(text).toContain(question)
      const file = openSync(SERVICE, 'w')
      // 40 ms to the write, held exactly: a timer on a loaded machine can fire after 100 ms and more
      // (the watcher's wait for a whole file), a gap no save of a text editor leaves between the two steps.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 40)
      writeSync(file, text)
      closeSync(file)
      await takenIn(SERVICE)
      await expect
        .poll(() => readFileSync(STORE, 'utf8').includes(question), {
          timeout: TAKEN_IN,
          message: `save ${round} taken in`,
        })
        .toBe(true)
    }
    expect(editorOutput).not.toMatch(/Failed to reload paid-ads\.md/)
  } finally {
    writeFileSync(SERVICE, originals.get(SERVICE)!)
  }
})
