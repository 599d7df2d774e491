import { expect, test } from 'vitest'
import { computeSecurityHeaders } from './headers-file.ts'
import { nginxConf } from './nginx-conf.ts'
import { testFiles } from './test-build.ts'

// What nginx does with the snippet is tested against the real build and a real
// nginx in tests/e2e/nginx.spec.ts; these check its text.
const headers = computeSecurityHeaders(
  Object.entries(testFiles)
    .filter(([name]) => name.endsWith('index.html'))
    .map(([name, html]) => ({ urlPath: `/${name.replace(/\/?index\.html$/, '')}`, html })),
  { analytics: false },
)
const conf = nginxConf(headers)

test('each page gets a location of its own with its CSP, all the common headers and revalidation', () => {
  const about = /location = \/about \{\n([\s\S]*?)\n\}/.exec(conf)?.[1]
  expect(about).toContain(`add_header Content-Security-Policy "${headers.pages['/about']}" always;`)
  expect(about).toContain('add_header X-Frame-Options "DENY" always;')
  expect(about).toContain('add_header Cache-Control "no-cache" always;')
  expect(about).toContain('try_files /about/index.html =404;')
  expect(conf).toContain('location = / {')
  expect(conf).toContain('try_files /index.html =404;')
})

test('the API location adds no header of its own and forwards the client address', () => {
  const api = /location \^~ \/api\/ \{\n([\s\S]*?)\n\}/.exec(conf)?.[1]
  expect(api).toContain('proxy_pass http://northpeak_api;')
  expect(api).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;')
  expect(api).not.toContain('add_header')
})

test('a header value nginx cannot quote stops the build', () => {
  expect(() => nginxConf({ ...headers, common: { 'X-Test': 'a "quoted" value' } })).toThrow(/cannot quote/)
  expect(() => nginxConf({ ...headers, common: { 'X-Test': 'costs $5' } })).toThrow(/cannot quote/)
})
