import { once } from 'node:events'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import { freePort } from '#server/free-port.ts'

/**
 * axe-core for the page as it is, run inside the page (AxeBuilder's legacy
 * mode). By default AxeBuilder gathers each frame's results and finishes them
 * in a blank page it opens for the purpose, so that frames of other origins
 * are tested too: three times as long on an article (3.2 s against 1.0 s,
 * the same violations, incomplete results and passes). The site's pages have
 * no frames; one that gains a frame fails here, to be tested the other way.
 */
export function axeOn(page: Page): AxeBuilder {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame())
  if (frames.length > 0) {
    throw new Error(
      `${page.url()} holds frames (${frames.map((frame) => frame.url()).join(', ')}): test it without legacy mode`,
    )
  }
  return new AxeBuilder({ page }).setLegacyMode(true)
}

/**
 * Opens a page and waits for its load event: by then the shell's scripts
 * (menus, theme, Back to top; module scripts run before it) are attached.
 * Islands wake on their own moments: wait for one with `islandAwake`.
 */
export async function loaded(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'load' })
}

/**
 * Loads `path` as a visitor who has seen a page of the site before: the brand
 * face's file is in the cache, so the headings are drawn in it from the first
 * paint (a first page may draw them in the fallback until the file arrives, or
 * keep it: docs/decisions/034-brand-typeface.md).
 */
export async function loadedAsReturning(page: Page, path: string) {
  await loaded(page, path)
  await page.waitForFunction(() =>
    [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Funnel Display' && face.status === 'loaded'),
  )
  await loaded(page, path)
}

/**
 * Waits until the island whose component is exported as `name`
 * (app/islands/) has hydrated: Astro drops its `ssr` attribute then.
 */
export async function islandAwake(page: Page, name: string) {
  await expect(page.locator(`astro-island[component-export="${name}"]`)).not.toHaveAttribute('ssr')
}

/**
 * Holds back every request for `url` until the returned function is called: the page as a slow line
 * leaves it, for as long as the test needs, however fast or slow the machine (a fixed delay lets a
 * loaded machine finish its checks after the file has arrived).
 */
export async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Every host Google's tag loads from or sends to: tests route them, so nothing leaves the machine. */
export const analyticsHosts =
  /^https:\/\/([\w-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net)\//

/**
 * Whether the button of that name is expanded, as Chromium's accessibility
 * tree tells a screen reader: this includes the state the browser derives
 * itself, such as that of a `popovertarget` button, which carries no
 * aria-expanded of its own. `undefined` when the tree gives it none.
 */
export async function expandedState(page: Page, buttonName: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      nodeId: root.nodeId,
      accessibleName: buttonName,
      role: 'button',
    })
    if (nodes.length !== 1) throw new Error(`${nodes.length} buttons named "${buttonName}" in the accessibility tree`)
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded')
    return expanded?.value.value as boolean | undefined
  } finally {
    await cdp.detach()
  }
}

/**
 * A GET that tries again, up to twice, when the connection is reset before
 * an answer arrives: a kept-alive socket the server closed at that moment is
 * no answer of the site. Any HTTP answer, error or not, is returned as it is.
 */
export async function getAnswer(
  request: APIRequestContext,
  path: string,
  options: { maxRedirects?: number } = {},
): Promise<APIResponse> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request.get(path, options)
    } catch (error) {
      if (attempt === 3 || !/ECONNRESET|socket hang up/.test(String(error))) throw error
    }
  }
}

/**
 * A server of a test's own (the real one, server/index.ts), with its own data folder and settings
 * `env` on top of the suite's; resolves once it serves. `stop` ends it and removes its data.
 */
export async function startOwnServer(name: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `northpeak-${name}-`))
  const port = await freePort()
  const server = spawn('node_modules/.bin/node', ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Northpeak site on')) resolve()
    }
    server.stdout.on('data', collect)
    server.stderr.on('data', collect)
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    // The data goes once the server has ended: while it shuts down it may still write a mail there.
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = once(server, 'exit')
        server.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A server of the describe block's own (`startOwnServer`), started before its
 * tests and stopped after them: its `origin` and `dataDir` are set once the
 * block's tests run.
 */
export function ownServer(name: string, env: Record<string, string>): { origin: string; dataDir: string } {
  const server = { origin: '', dataDir: '' }
  let own: Awaited<ReturnType<typeof startOwnServer>> | undefined
  test.beforeAll(async () => {
    own = await startOwnServer(name, env)
    Object.assign(server, { origin: own.origin, dataDir: own.dataDir })
  })
  test.afterAll(() => own?.stop())
  return server
}
