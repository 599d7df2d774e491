import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { connect, type ClientHttp2Session } from 'node:http2'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request } from 'node:https'
import { connect as connectSocket, type AddressInfo } from 'node:net'
import { afterAll, expect, test, vi } from 'vitest'
import { readServerEnv } from '../env.ts'
import { freePort } from '../outbox/test-receivers.ts'
import { makeLocalCertificate } from './local-certificate.ts'
import { aboutHeading, shownContactForm } from '../test-pages.ts'
import { startTestServer } from '../test-server.ts'
import { redirectToHttps, tlsServerOptions } from './tls.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The server speaking HTTPS itself, with a real certificate made by openssl:
// HTTP/2 to clients that offer it, HTTP/1.1 to the others. The rate limit is on,
// so each lead post reads the client's address from the socket under either protocol.
const certificate = makeLocalCertificate()
afterAll(() => certificate.remove())
const server = await startTestServer({
  TLS_CERT_FILE: certificate.certFile,
  TLS_KEY_FILE: certificate.keyFile,
})

async function http2Session(): Promise<ClientHttp2Session> {
  const session = connect(server.url, { ca: certificate.cert })
  await once(session, 'connect')
  return session
}

/** One request on an HTTP/2 session: status, headers and body. */
async function http2Request(session: ClientHttp2Session, headers: Record<string, string>, body?: string) {
  const stream = session.request(headers)
  if (body) stream.end(body)
  const [responseHeaders] = (await once(stream, 'response')) as [Record<string, string | string[]>]
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return {
    status: Number(responseHeaders[':status']),
    headers: responseHeaders,
    body: Buffer.concat(chunks).toString(),
  }
}

test('a browser gets HTTP/2: a page with its security headers, and a lead stored over the same connection', async () => {
  expect(server.protocol).toBe('https')
  const session = await http2Session()
  try {
    expect(session.alpnProtocol).toBe('h2')
    const page = await http2Request(session, { ':path': '/about' })
    expect(page.status).toBe(200)
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1]).toBe(aboutHeading)
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")

    const before = await server.store.countLeads()
    const lead = await http2Request(
      session,
      { ':method': 'POST', ':path': '/api/leads', 'content-type': 'application/json' },
      JSON.stringify({ kind: 'popup', email: 'grace@example.com', page: '/about' }),
    )
    expect(lead.status).toBe(201)
    const { id } = JSON.parse(lead.body) as { id: string }
    expect(await server.store.countLeads()).toBe(before + 1)
    expect((await server.store.exportLeads()).find((row) => row.id === id)?.email).toBe('grace@example.com')
  } finally {
    session.close()
  }
})

test('a client without HTTP/2 gets HTTP/1.1 over TLS: a refused contact form comes back as the page, no cookie', async () => {
  const before = await server.store.countLeads()
  const response = await new Promise<{
    httpVersion: string
    status: number
    headers: IncomingHttpHeaders
    body: string
  }>((resolve, reject) => {
    // The contact form without JavaScript, its e-mail address left empty: it posts to the
    // page with the contact action's query (app/pages/contact.astro).
    const form = new URLSearchParams({ kind: 'contact', name: 'Grace Hopper', email: '' }).toString()
    const req = request(
      `${server.url}/contact?_action=contact`,
      {
        method: 'POST',
        ca: certificate.cert,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            httpVersion: res.httpVersion,
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(form)
  })
  expect(response.httpVersion).toBe('1.1')
  expect(response.status).toBe(400)
  expect(response.headers['set-cookie']).toBeUndefined()
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  expect(shownContactForm(response.body)).toEqual({
    errors: {
      email: 'Enter your email address',
      service: 'Choose the service you are interested in',
      message: 'Tell us a little about your project',
    },
    values: { name: 'Grace Hopper' },
    status: 'A strategist replies within one business day.',
  })
  expect(await server.store.countLeads()).toBe(before)
})

test('with HTTP_REDIRECT_PORT, plain HTTP is sent to the same address over HTTPS', async () => {
  const redirecting = await startTestServer({
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
    HTTP_REDIRECT_PORT: String(await freePort()),
  })
  const plain = `http://127.0.0.1:${redirecting.redirectPort}`
  const page = await fetch(`${plain}/about?utm_source=newsletter`, { redirect: 'manual' })
  expect(page.status).toBe(301)
  expect(page.headers.get('location')).toBe(`https://127.0.0.1:${redirecting.port}/about?utm_source=newsletter`)
  // A post stays a post (308), and nothing is stored over plain HTTP.
  const lead = await fetch(`${plain}/api/leads`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'popup', email: 'ada@example.com' }),
    headers: { 'content-type': 'application/json' },
    redirect: 'manual',
  })
  expect(lead.status).toBe(308)
  expect(lead.headers.get('location')).toBe(`https://127.0.0.1:${redirecting.port}/api/leads`)
  expect(await redirecting.store.countLeads()).toBe(0)
  // A Host header that names no host is refused rather than sent anywhere.
  const status = await new Promise<number>((resolve, reject) => {
    httpRequest(
      { host: '127.0.0.1', port: redirecting.redirectPort, path: '/', headers: { host: 'not a host' } },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
      .on('error', reject)
      .end()
  })
  expect(status).toBe(400)
})

/** The status and Location of a GET of `target` sent as it is, byte for byte, to the plain-HTTP port. */
async function rawGet(port: number, target: string, host = '127.0.0.1') {
  const socket = connectSocket(port, '127.0.0.1')
  socket.end(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
  const chunks: Buffer[] = []
  for await (const chunk of socket) chunks.push(chunk as Buffer)
  const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]!
  return { status: Number(head.split(' ')[1]), location: /^location: (.*)$/im.exec(head)?.[1] }
}

test('the redirect to HTTPS names the host asked for and the path and query only, whatever the form of the request', async () => {
  const redirecting = await startTestServer({
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
    HTTP_REDIRECT_PORT: String(await freePort()),
  })
  const https = `https://127.0.0.1:${redirecting.port}`
  const plain = redirecting.redirectPort!
  // The absolute form names a host of the client's choosing: only its path and query are kept.
  expect(await rawGet(plain, 'http://evil.example/x?y=1')).toEqual({ status: 301, location: `${https}/x?y=1` })
  expect(await rawGet(plain, 'https://evil.example:8443/')).toEqual({ status: 301, location: `${https}/` })
  expect(await rawGet(plain, 'HTTP://user@evil.example/a')).toEqual({ status: 301, location: `${https}/a` })
  // Odd targets: a path, never another host or a broken address.
  expect(await rawGet(plain, '//evil.example/x')).toEqual({ status: 301, location: `${https}/evil.example/x` })
  expect(await rawGet(plain, '/\\evil.example/x')).toEqual({ status: 301, location: `${https}/evil.example/x` })
  expect(await rawGet(plain, '/about?a=1#part')).toEqual({ status: 301, location: `${https}/about?a=1` })
  // No path at all: nothing to redirect to.
  for (const target of ['*', 'ftp://evil.example/x']) {
    expect(await rawGet(plain, target), target).toEqual({ status: 400, location: undefined })
  }

  // On port 443 the address names no port: the target still starts after the host.
  const standard = redirectToHttps(443).listen(0, '127.0.0.1')
  await once(standard, 'listening')
  try {
    const port = (standard.address() as AddressInfo).port
    const host = 'www.northpeak.example'
    expect(await rawGet(port, 'http://evil.example/x', host)).toEqual({ status: 301, location: `https://${host}/x` })
    expect(await rawGet(port, '//evil.example/x', host)).toEqual({
      status: 301,
      location: `https://${host}/evil.example/x`,
    })
    expect(await rawGet(port, '*', host)).toEqual({ status: 400, location: undefined })
  } finally {
    await new Promise((resolve) => standard.close(resolve))
  }
})

test('the certificate and its key come together, and a wrong one stops the server naming it', () => {
  expect(() => readServerEnv({ TLS_CERT_FILE: certificate.certFile })).toThrow(
    /Invalid server environment: TLS_KEY_FILE: is required when TLS_CERT_FILE is set/,
  )
  expect(() => readServerEnv({ HTTP_REDIRECT_PORT: '80' })).toThrow(
    /Invalid server environment: HTTP_REDIRECT_PORT: needs TLS_CERT_FILE and TLS_KEY_FILE/,
  )
  expect(() => readServerEnv({ TLS_KEY_FILE: certificate.keyFile })).toThrow(
    /Invalid server environment: TLS_CERT_FILE: is required when TLS_KEY_FILE is set/,
  )
  expect(() => tlsServerOptions({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: certificate.keyFile })).toThrow(
    'TLS_CERT_FILE: cannot read /nonexistent/cert.pem (ENOENT)',
  )
  const other = makeLocalCertificate()
  try {
    expect(() => tlsServerOptions({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
      /do not make a certificate and its key/,
    )
    writeFileSync(other.certFile, 'not a certificate')
    expect(() => tlsServerOptions({ TLS_CERT_FILE: other.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
      /do not make a certificate and its key/,
    )
  } finally {
    other.remove()
  }
  expect(tlsServerOptions({})).toBeUndefined()
})
