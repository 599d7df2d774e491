import { expect, test } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { NGINX_ACCESS_LOG, nginxConf, nginxHttpConf } from './nginx-conf.ts'
import { writeTestBuild } from './test-build.ts'

// What nginx does with the snippet is tested against the real build and a real
// nginx in tests/e2e/nginx.spec.ts; these check its text. The headers are the
// test build's, /contact among them, rendered on demand.
const headers = readSecurityHeaders(await writeTestBuild())
const conf = nginxConf(headers, ['/contact'])

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
  const contact = location('= /contact')
  expect(contact).toContain('proxy_pass http://northpeak_api;')
  expect(contact).toBe(location('^~ /api/'))
  // One location for the path: no file of the build is tried for it.
  expect(conf.match(/^location = \/contact \{/gm)).toHaveLength(1)
  expect(conf).not.toContain('/contact/index.html')
  // Without it listed as rendered, the same headers make it a file page.
  expect(/^location = \/contact \{\n[\s\S]*?try_files \/contact\/index\.html =404;/m.test(nginxConf(headers, []))).toBe(
    true,
  )
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
