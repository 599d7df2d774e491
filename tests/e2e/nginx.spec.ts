import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { freePort } from '#server/free-port.ts'
import { NGINX_ACCESS_LOG, NGINX_CONF, NGINX_HTTP_CONF } from '#server/hosting/nginx-conf.ts'

// The build served by nginx with the snippet the build wrote (build/nginx/northpeak.conf),
// /api/ proxied to the Node server the other tests use: every page, asset and unknown path
// must carry what the Node server sends (docs/deploy.md).
test.describe.configure({ mode: 'serial' })

const clientDir = path.resolve('build/client')
const snippet = path.resolve(NGINX_CONF)
const httpSnippet = path.resolve(NGINX_HTTP_CONF)
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file))
const headers = JSON.parse(readFileSync(path.join(clientDir, '_headers.json'), 'utf8')) as {
  common: Record<string, string>
  pages: Record<string, string>
}
const compared = ['content-type', 'content-security-policy', 'cache-control', ...Object.keys(headers.common)].map(
  (name) => name.toLowerCase(),
)

let nginx: ChildProcess | undefined
let dir = ''
let nginxUrl = ''

test.beforeAll(async ({ baseURL }) => {
  // nginx must be there (.ci/run installs it): a missing one fails these tests, it does not skip them.
  if (!nginxBinary) throw new Error('nginx is not installed: apt-get install nginx-light (.ci/run does)')
  expect(existsSync(snippet), `${NGINX_CONF}: run the build first`).toBe(true)
  expect(existsSync(httpSnippet), `${NGINX_HTTP_CONF}: run the build first`).toBe(true)
  dir = mkdtempSync(path.join(tmpdir(), 'northpeak-nginx-'))
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp))
  // The snippet as built, but for where its access log goes: a file of this test, not the machine's.
  const built = readFileSync(snippet, 'utf8')
  expect(built.split(NGINX_ACCESS_LOG).length - 1, `times ${NGINX_CONF} names ${NGINX_ACCESS_LOG}`).toBe(1)
  writeFileSync(path.join(dir, 'northpeak.conf'), built.replace(NGINX_ACCESS_LOG, path.join(dir, 'access.log')))
  const port = await freePort()
  const api = new URL(baseURL!)
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `# One process as this user, everything it writes in ${dir}.
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  # As Debian's nginx.conf has it: every request in the combined format (address, user agent, query).
  access_log ${dir}/http-level.log combined;
  include ${httpSnippet};
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream northpeak_api { server 127.0.0.1:${api.port}; keepalive 4; }
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    include ${dir}/northpeak.conf;
  }
}
`,
  )
  const check = spawnSync(nginxBinary, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' })
  expect(check.status, check.stderr).toBe(0)
  nginx = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  nginxUrl = `http://127.0.0.1:${port}`
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${nginxUrl}/robots.txt`).then(
      () => true,
      () => false,
    )
    if (up) break
    if (i === 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${readLog()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})

test.afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM')
    await once(nginx, 'exit')
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function readLog(): string {
  try {
    return readFileSync(path.join(dir, 'error.log'), 'utf8')
  } catch {
    return ''
  }
}

const get = (request: APIRequestContext, url: string) => request.get(url, { maxRedirects: 0 })

/** The headers a visitor's browser acts on, as one object to compare. */
function visible(response: APIResponse): Record<string, string | undefined> {
  const all = response.headers()
  return Object.fromEntries(compared.map((name) => [name, all[name]]))
}

test('every page: 200, the same body and the same CSP, cache and security headers as from the Node server', async ({
  request,
}) => {
  // Two fetches for each of some ninety pages: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const pages = Object.keys(headers.pages).filter((urlPath) => urlPath !== NOT_FOUND_PATH)
  expect(pages.length).toBeGreaterThan(50)
  for (const urlPath of pages) {
    const [fromNginx, fromNode] = await Promise.all([get(request, `${nginxUrl}${urlPath}`), get(request, urlPath)])
    expect(fromNginx.status(), urlPath).toBe(200)
    expect(visible(fromNginx), urlPath).toEqual(visible(fromNode))
    expect(fromNginx.headers()['content-security-policy'], urlPath).toBe(headers.pages[urlPath])
    expect(fromNginx.headers()['cache-control'], urlPath).toBe('no-cache')
    expect(await fromNginx.text(), urlPath).toBe(await fromNode.text())
  }
})

test('an unknown path, a file that is not served and the not-found page itself: 404 with the not-found page', async ({
  request,
}) => {
  for (const urlPath of [
    '/no-such-page',
    '/blog/no-such-article',
    '/about/index.html',
    '/_headers.json',
    '/404',
    NOT_FOUND_PATH,
  ]) {
    const [fromNginx, fromNode] = await Promise.all([get(request, `${nginxUrl}${urlPath}`), get(request, urlPath)])
    expect(fromNginx.status(), urlPath).toBe(404)
    expect(fromNode.status(), urlPath).toBe(404)
    expect(visible(fromNginx), urlPath).toEqual(visible(fromNode))
    expect(fromNginx.headers()['content-security-policy'], urlPath).toBe(headers.pages[NOT_FOUND_PATH])
    const text = await fromNginx.text()
    expect(text, urlPath).toContain('find that page')
    expect(text, urlPath).toBe(await fromNode.text())
  }
})

test('a hashed asset is immutable, served compressed; other files cached as the Node server caches them', async ({
  request,
}) => {
  const asset = readdirSync(path.join(clientDir, 'assets')).find((name) => name.endsWith('.js'))!
  const assetUrl = `/assets/${asset}`
  const fromNginx = await request.get(`${nginxUrl}${assetUrl}`, { headers: { 'accept-encoding': 'gzip' } })
  expect(fromNginx.status()).toBe(200)
  expect(fromNginx.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(fromNginx.headers()['content-encoding']).toBe('gzip')
  expect(visible(fromNginx)).toEqual(visible(await get(request, assetUrl)))

  for (const urlPath of [
    '/sitemap.xml',
    '/robots.txt',
    '/rss.xml',
    '/blog/search.json',
    '/favicon.svg',
    '/og-image.jpg',
    '/social/blog/local-seo-guide.png',
  ]) {
    const [fromNginx, fromNode] = await Promise.all([get(request, `${nginxUrl}${urlPath}`), get(request, urlPath)])
    expect(fromNginx.status(), urlPath).toBe(200)
    expect(visible(fromNginx), urlPath).toEqual(visible(fromNode))
  }
})

test('a trailing slash redirects to the page, the query kept, as from the Node server', async ({ request }) => {
  const [fromNginx, fromNode] = await Promise.all([
    get(request, `${nginxUrl}/about/?utm_source=news`),
    get(request, '/about/?utm_source=news'),
  ])
  expect(fromNginx.status()).toBe(301)
  expect(fromNginx.headers()['location']).toBe('/about?utm_source=news')
  expect(fromNginx.headers()['location']).toBe(fromNode.headers()['location'])
  expect(fromNginx.headers()['x-frame-options']).toBe('DENY')
})

test("a blog category's old page redirects to its topic's, the query kept, as from the Node server", async ({
  request,
}) => {
  const [fromNginx, fromNode] = await Promise.all([
    get(request, `${nginxUrl}/blog/category/video?utm_source=news`),
    get(request, '/blog/category/video?utm_source=news'),
  ])
  expect(fromNginx.status()).toBe(301)
  expect(fromNginx.headers()['location']).toBe('/blog/category/paid-ads-and-social?utm_source=news')
  expect(fromNginx.headers()['location']).toBe(fromNode.headers()['location'])
  expect(fromNginx.headers()['x-frame-options']).toBe('DENY')
})

test('/api/ goes to the API, which sends its own headers once', async ({ request }) => {
  const health = await get(request, `${nginxUrl}/api/health`)
  expect(health.status()).toBe(200)
  expect(await health.json()).toMatchObject({ ok: true, database: 'reachable' })
  expect(health.headers()['x-frame-options']).toBe('DENY')
  expect(health.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  // A lead the API refuses (no e-mail address): its answer comes back through nginx.
  const refused = await request.post(`${nginxUrl}/api/leads`, { data: { kind: 'popup' } })
  expect(refused.status()).toBe(400)
  expect(await refused.json()).toMatchObject({ fields: { email: expect.any(String) } })
})

test('/contact, rendered for each request, and its plain form post go to the API server', async ({ request }) => {
  // The policy the Node server gives the page it renders (Astro's, docs/decisions/045-astro-owns-pages-forms-and-content.md).
  const policy = (await request.get('/contact')).headers()['content-security-policy']
  expect(policy).toContain("frame-ancestors 'none'")
  const refused = await request.post(`${nginxUrl}/contact?_action=contact`, {
    form: { kind: 'contact', name: 'Ada', email: 'ada@', service: 'analytics', message: 'Hello there' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(400)
  const html = await refused.text()
  expect(html).toContain('Enter a valid email address, like name@company.com')
  expect(html).toContain('value="Ada"')
  expect(refused.headers()['cache-control']).toBe('no-store')
  expect(refused.headers()['content-security-policy']).toBe(policy)
  expect(refused.headers()['set-cookie']).toBeUndefined()
  // Sent once, by the API server: nginx adds none of its own.
  expect(refused.headersArray().filter((header) => header.name.toLowerCase() === 'x-frame-options')).toHaveLength(1)

  const audit = await request.get(`${nginxUrl}/contact?topic=audit`)
  expect(audit.status()).toBe(200)
  expect(await audit.text()).toMatch(/<option value="audit" selected(="")?>/)
  const plain = await request.get(`${nginxUrl}/contact`)
  expect(plain.headers()['content-security-policy']).toBe(policy)
  expect(await plain.text()).not.toContain('Enter a valid email address')
})

test('the access log keeps the time, method, path, status, size and duration: no address, user agent or query', async ({
  request,
}) => {
  const read = (name: string) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : '')
  const asked = await request.get(`${nginxUrl}/about?email=ada@example.com&utm_source=news-probe`, {
    headers: { 'user-agent': 'PrivacyProbe/1.0 (X11; Linux)', referer: 'https://www.example.org/from?ref=probe' },
  })
  expect(asked.status()).toBe(200)
  const unknown = await request.get(`${nginxUrl}/no-such-page?q=probe`, {
    headers: { 'user-agent': 'PrivacyProbe/1.0' },
  })
  expect(unknown.status()).toBe(404)
  const api = await request.get(`${nginxUrl}/api/health?probe=1`, { headers: { 'user-agent': 'PrivacyProbe/1.0' } })
  expect(api.status()).toBe(200)

  // nginx writes a line as each request ends, in whichever log applies.
  await expect.poll(() => read('access.log') + read('http-level.log')).toContain('/api/health')
  // The snippet's log replaces the http level's combined one for the site's server.
  expect(read('http-level.log'), 'the combined log of the http level').toBe('')
  const lines = read('access.log').trim().split('\n')
  const line = (requestLine: string) => lines.find((logged) => logged.includes(`"${requestLine}"`))
  const format = (requestLine: string, status: number) =>
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2} "${requestLine}" ${status} \\d+ \\d+\\.\\d{3}$`,
    )
  expect(line('GET /about HTTP/1.1')).toMatch(format('GET /about HTTP/1.1', 200))
  // The path asked for, not the not-found page nginx answered it with.
  expect(line('GET /no-such-page HTTP/1.1')).toMatch(format('GET /no-such-page HTTP/1.1', 404))
  expect(line('GET /api/health HTTP/1.1')).toMatch(format('GET /api/health HTTP/1.1', 200))
  for (const kept of ['127.0.0.1', 'PrivacyProbe', 'example.org', 'ada@example.com', 'utm_source', 'probe', '?']) {
    expect(read('access.log'), kept).not.toContain(kept)
  }
})
