import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { pages } from '#app/lib/site/registry.ts'
import { freePort } from '../free-port.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { NGINX_ACCESS_LOG, NGINX_CONF, nginxConf, nginxHttpConf } from './nginx-conf.ts'
import { pageFile } from './static-files.ts'
import { builtClientDir } from '../test-server.ts'

// What nginx does with the snippet is tested against the real build and a real
// nginx in tests/e2e/nginx.spec.ts; these check its text, and run its redirects
// through a real nginx serving the site's real build. The headers are the
// build's; the pages rendered on demand are those with no file in it, as
// scripts/postbuild.ts finds them (docs/decisions/045-astro-owns-pages-forms-and-content.md).
const clientDir = builtClientDir()
const headers = readSecurityHeaders(clientDir)
const rendered = pages
  .map((entry) => entry.path)
  .filter((urlPath) => !existsSync(path.join(clientDir, pageFile(urlPath))))
const conf = nginxConf(headers, rendered)

test("the build's snippet is this one: the build's headers, its pages rendered on demand proxied", () => {
  expect(rendered.toSorted()).toEqual(['/audit', '/book', '/book/manage', '/contact', '/dashboard'])
  // Beside the client folder, in the same BUILD_DIR.
  expect(readFileSync(NGINX_CONF, 'utf8')).toBe(`${conf}\n`)
})

/** The lines of the location `match` (e.g. "= /about"), or undefined when the snippet has none. */
const location = (match: string) =>
  new RegExp(`^location ${match.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\{\\n([\\s\\S]*?)\\n\\}`, 'm').exec(conf)?.[1]

test('each page gets a location of its own with its CSP, all the common headers and revalidation', () => {
  const about = location('= /about')
  expect(about).toContain(`add_header Content-Security-Policy "${headers.pages['/about']}" always;`)
  expect(about).toContain('add_header X-Frame-Options "DENY" always;')
  expect(about).toContain('add_header Cache-Control "no-cache" always;')
  expect(about).toContain('try_files /about/index.html =404;')
  expect(location('= /')).toContain('try_files /index.html =404;')
})

test('the API location adds no header of its own and forwards the client address', () => {
  const api = location('^~ /api/')
  expect(api).toContain('proxy_pass http://northpeak_api;')
  expect(api).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
  expect(api).not.toContain('add_header')
})

test('a page rendered on demand goes, for every method, to the instances like the API, with their headers', () => {
  for (const urlPath of rendered) {
    const page = location(`= ${urlPath}`)
    expect(page, urlPath).toContain('proxy_pass http://northpeak_api;')
    expect(page, urlPath).toBe(location('^~ /api/'))
    // One location for the path: no file of the build is tried for it.
    expect(
      conf.split('\n').filter((line) => line === `location = ${urlPath} {`),
      urlPath,
    ).toHaveLength(1)
    expect(conf, urlPath).not.toContain(`${urlPath}/index.html`)
  }
  // So do the actions an island calls (app/actions/index.ts).
  expect(location('^~ /_actions/')).toBe(location('^~ /api/'))
  // The headers file lists no page rendered on demand: unlisted, /contact is no page nginx knows.
  expect(nginxConf(headers, [])).not.toMatch(/^location = \/contact \{/m)
})

test('an unknown path gets the not-found page with its own CSP and 404; its file by name is unknown too', () => {
  expect(conf).toContain('error_page 404 /__northpeak-not-found;')
  const notFound = location('= /__northpeak-not-found')
  expect(notFound).toContain('internal;')
  expect(notFound).toContain(`add_header Content-Security-Policy "${headers.pages[NOT_FOUND_PATH]}" always;`)
  expect(notFound).toContain('add_header Cache-Control "no-store" always;')
  expect(notFound).toContain('try_files /404.html =500;')
  expect(location(`= ${NOT_FOUND_PATH}`)).toBe('  return 404;')
})

test("what pages load by name (the search's JSON, the sitemap) and the downloads are revalidated", () => {
  const revalidated = location('~ \\.(json|xml|txt|xlsx)$')
  expect(revalidated).toContain('try_files $uri =404;')
  expect(revalidated).toContain('add_header Cache-Control "no-cache" always;')
  expect(revalidated).toContain(`add_header Content-Security-Policy "${headers.fallbackCsp}" always;`)
})

test('a header value nginx cannot quote stops the build', () => {
  expect(() => nginxConf({ ...headers, common: { 'X-Test': 'a "quoted" value' } }, [])).toThrow(/cannot quote/)
  expect(() => nginxConf({ ...headers, common: { 'X-Test': 'costs $5' } }, [])).toThrow(/cannot quote/)
})

test('the access log: a format of its own, without the address, user agent, referrer or query', () => {
  // One access log for the whole server, replacing any of the http level (Debian's combined one).
  expect(conf.match(/^.*access_log.*$/gm)).toEqual([`access_log ${NGINX_ACCESS_LOG} northpeak;`])
  const http = nginxHttpConf()
  const format = /^log_format northpeak escape=default '(.*)';$/m.exec(http)?.[1]
  expect(format).toBe(
    '$time_iso8601 "$request_method $northpeak_log_path $server_protocol" $status $body_bytes_sent $request_time',
  )
  // The path is the one asked for, up to its "?".
  expect(http).toContain(
    'map $request_uri $northpeak_log_path {\n  "~^(?<northpeak_path_asked>[^?]*)" $northpeak_path_asked;\n}',
  )
  // nginx takes log_format and map only in http { }: they are not in the snippet included in server { }.
  expect(conf).not.toMatch(/^\s*(log_format|map) /m)
})

describe('through a real nginx', () => {
  // A real nginx starts in a moment, but give it time on a busy machine.
  vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

  /** nginx serving the build with the snippet; `server` is more of the including server { }. */
  async function startNginx(server = '') {
    const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file))
    // As in tests/e2e/nginx.spec.ts: a missing nginx fails the test, it does not skip it.
    if (!binary) throw new Error('nginx is not installed: apt-get install nginx-light (.ci/run does)')
    const dir = mkdtempSync(path.join(tmpdir(), 'northpeak-nginx-conf-'))
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp))
    writeFileSync(path.join(dir, 'http.conf'), nginxHttpConf())
    writeFileSync(path.join(dir, 'northpeak.conf'), conf.replace(NGINX_ACCESS_LOG, path.join(dir, 'access.log')))
    const port = await freePort()
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include ${dir}/http.conf;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Nothing listens there: these tests ask nginx for files and redirects only.
  upstream northpeak_api { server 127.0.0.1:9; }
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    ${server}
    include ${dir}/northpeak.conf;
  }
}
`,
    )
    const check = spawnSync(binary, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' })
    expect(check.status, check.stderr).toBe(0)
    const nginx: ChildProcess = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    // Stopped when the test that started it ends, passed or failed: a hook of the suite registered
    // while a test runs is never called, and left each nginx running after the tests.
    onTestFinished(async () => {
      if (nginx.exitCode === null) {
        nginx.kill('SIGTERM')
        await once(nginx, 'exit')
      }
      rmSync(dir, { recursive: true, force: true })
    })
    for (let i = 0; ; i += 1) {
      if (
        (await fetch(`http://127.0.0.1:${port}/about`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break
      if (i === 100 || nginx.exitCode !== null) {
        throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return port
  }

  /** The status line and Location of a GET of `target` sent as it is, byte for byte (no client tidies it). */
  async function get(port: number, target: string) {
    const socket = connect(port, '127.0.0.1')
    socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    const chunks: Buffer[] = []
    for await (const chunk of socket) chunks.push(chunk as Buffer)
    const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]!
    return {
      status: Number(head.split(' ')[1]),
      location: /^location: (.*)$/im.exec(head)?.[1],
      head,
    }
  }

  // The Node server's answers (server/http/pages.test.ts): one "/" then a path on this site, never another host.
  const redirects: [string, string][] = [
    ['/about/?ref=x', '/about?ref=x'],
    ['//evil.example/', '/evil.example'],
    ['///evil.example/', '/evil.example'],
    ['//evil.example//?a=1', '/evil.example?a=1'],
    ['/\\evil.example/', '/evil.example'],
    ['/%5Cevil.example/', '/%5Cevil.example'],
    ['/%2F%2Fevil.example/', '/%2F%2Fevil.example'],
    ['/%2F/evil.example/', '/%2F/evil.example'],
  ]

  for (const [name, server] of [
    ['as nginx merges slashes by default', ''],
    ['with merge_slashes off in the server { }', 'merge_slashes off;'],
  ]) {
    test(`no path redirects to another host, ${name}`, async () => {
      const port = await startNginx(server)
      for (const [target, location] of redirects) {
        const answer = await get(port, target)
        expect(answer.status, target).toBe(301)
        expect(answer.location, target).toBe(location)
        // The location's headers come with the redirect, as from the Node server.
        expect(answer.head, target).toMatch(/^x-frame-options: DENY$/im)
      }
      // A path that ends in "/" only once decoded is no page, and no redirect to itself.
      expect((await get(port, '/about%2F')).status).toBe(404)
      // An encoded line break stays encoded: no header of the visitor's making.
      const split = await get(port, '/%0D%0ASet-Cookie:%20x=1/')
      expect(split.head).not.toMatch(/^set-cookie/im)
      expect(split.location ?? '/').toMatch(/^\/(?![/\\])/)
    })
  }
})
