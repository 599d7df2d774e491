import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { isIP, type Socket } from 'node:net'
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../free-port.ts'
import { makeLocalCertificate } from '../http/local-certificate.ts'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import type { FetchOutcome } from './fetched.ts'
import {
  checkTarget,
  createAuditFetch,
  parseAllowHosts,
  pinnedLookup,
  type AuditFetchPolicy,
  type ResolvedAddress,
} from './safe-fetch.ts'
import { startFixtureSite, type FixtureSite } from './test-fixture-sites.ts'

// Fixture sites on loopback, reached by the names good.test and next.test (allowHosts), and
// `target`, which nothing may reach: each counts what it receives, so a refusal is seen to send
// nothing. There is no outside network to rely on: a public address is only ever resolved by an
// injected resolver.

const userAgent = 'NorthpeakAudit/1.0 (+https://northpeak.example/audit)'
const page = `<!doctype html><html lang="en"><title>Good</title>${'<p>A paragraph of the fixture page.</p>'.repeat(200)}</html>`
const publicAddress = '93.184.215.14'

/** A deadline long enough for any answer here: the tests that wait for it give their own. */
const deadline = () => AbortSignal.timeout(10_000)

/** A resolver that must not be asked, and remembers whether it was. */
function unusedResolver() {
  const asked: string[] = []
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname)
    return [{ address: publicAddress, family: 4 }]
  }
  return { resolve, asked }
}

function failure(outcome: FetchOutcome) {
  expect(outcome.ok).toBe(false)
  if (outcome.ok) throw new Error(`expected a failure, got ${outcome.response.status} from ${outcome.response.url}`)
  return outcome.failure
}

function response(outcome: FetchOutcome) {
  if (!outcome.ok) throw new Error(`expected an answer, got ${outcome.failure.kind}: ${outcome.failure.message}`)
  return outcome.response
}

function redirect(to: string, status = 302, headers: Record<string, string> = {}) {
  return (_request: unknown, answer: ServerResponse) => answer.writeHead(status, { location: to, ...headers }).end()
}

/** A route answering `body` with these headers. */
function serve(body: Buffer | string, headers: Record<string, string | string[]> = {}) {
  return (_request: unknown, answer: ServerResponse) =>
    answer.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body)
}

/**
 * `/hop?left=n`: a redirect to the other site's `/hop?left=n-1`, with each redirect status in
 * turn, until `left=0`, which answers "arrived".
 */
function hops(otherHost: string) {
  const statuses = [301, 302, 303, 307, 308]
  return (request: { url?: string }, answer: ServerResponse) => {
    const left = Number(new URL(request.url ?? '/', 'http://x.test').searchParams.get('left'))
    if (left === 0) answer.writeHead(200, { 'content-type': 'text/plain' }).end('arrived')
    else
      answer
        .writeHead(statuses[left % statuses.length]!, { location: `http://${otherHost}/hop?left=${left - 1}` })
        .end()
  }
}

const fiftyMegabytes = 50 * 1024 * 1024
let bomb: Buffer
let target: FixtureSite
let site: FixtureSite
let next: FixtureSite
let secure: FixtureSite
let certificate: ReturnType<typeof makeLocalCertificate>
let downPort: number
let policy: AuditFetchPolicy
let auditFetch: ReturnType<typeof createAuditFetch>

beforeAll(async () => {
  // 50 MB of zeros, about 50 kB gzipped.
  bomb = gzipSync(Buffer.alloc(fiftyMegabytes))
  target = await startFixtureSite({ '/': serve('the target: never to be reached') })
  certificate = makeLocalCertificate()
  secure = await startFixtureSite(
    { '/': serve('over an unverified connection') },
    { tls: { cert: certificate.cert, key: readFileSync(certificate.keyFile) } },
  )
  next = await startFixtureSite({ '/hop': hops('good.test'), '/': serve('next') })
  site = await startFixtureSite({
    '/': serve(page, { 'x-many': ['one', 'two'], 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] }),
    '/gzip': serve(gzipSync(page), { 'content-encoding': 'gzip' }),
    '/br': serve(brotliCompressSync(page), { 'content-encoding': 'br' }),
    '/deflate': serve(deflateSync(page), { 'content-encoding': 'deflate' }),
    '/deflate-raw': serve(deflateRawSync(page), { 'content-encoding': 'deflate' }),
    '/unknown-encoding': serve('raw bytes as sent', { 'content-encoding': 'x-unknown' }),
    '/broken-gzip': serve('this is not gzip at all', { 'content-encoding': 'gzip' }),
    '/bomb': serve(bomb, { 'content-encoding': 'gzip' }),
    '/huge': (_request, answer) => {
      answer.writeHead(200, { 'content-type': 'text/html' })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let sent = 0
      const write = () => {
        while (sent < fiftyMegabytes && !answer.destroyed) {
          sent += chunk.length
          if (!answer.write(chunk)) return void answer.once('drain', write)
        }
        answer.end()
      }
      write()
    },
    '/hang': () => {},
    '/cookie': redirect('/landing', 302, { 'set-cookie': 'session=secret; Path=/' }),
    '/landing': serve('landed'),
    '/see-other': redirect('/landing', 303),
    '/temporary': redirect('/landing', 307),
    '/no-location': (_request, answer) => answer.writeHead(302).end('nowhere'),
    '/to-loopback': redirect(`http://127.0.0.1:${target.port}/`),
    '/to-localhost': redirect('http://localhost/'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/', 301),
    '/to-file': redirect('file:///etc/passwd'),
    '/hop': hops('next.test'),
  })
  downPort = await freePort()
  policy = {
    userAgent,
    allowHosts: new Map([
      ['good.test', { address: '127.0.0.1', port: site.port }],
      ['next.test', { address: '127.0.0.1', port: next.port }],
      ['secure.test', { address: '127.0.0.1', port: secure.port }],
      ['down.test', { address: '127.0.0.1', port: downPort }],
    ]),
  }
  auditFetch = createAuditFetch(policy)
}, 30_000)

afterAll(async () => {
  await Promise.all([target, site, next, secure].map((fixture) => fixture?.close()))
  certificate?.remove()
})

describe('checkTarget: what may be fetched', () => {
  it.each([
    'file:///etc/passwd',
    'gopher://example.com/',
    'ftp://example.com/',
    'data:text/html,hi',
    'javascript:alert(1)',
  ])('refuses %s: only http and https', async (url) => {
    const { resolve, asked } = unusedResolver()
    expect(await checkTarget(url, { userAgent, resolve })).toEqual({
      ok: false,
      failure: { kind: 'refused', message: 'Only http and https addresses can be checked.', url },
    })
    expect(asked).toEqual([])
  })

  it.each([
    ['http://example.com:22/', 'Only ports 80 and 443 can be checked: this address asks for port 22.'],
    ['https://example.com:8443/', 'Only ports 80 and 443 can be checked: this address asks for port 8443.'],
    ['http://example.com:443/', 'Only port 80 can be checked over http: this address asks for port 443.'],
    ['https://example.com:80/', 'Only port 443 can be checked over https: this address asks for port 80.'],
  ])('refuses %s: only the scheme’s own port', async (url, message) => {
    const { resolve, asked } = unusedResolver()
    expect(await checkTarget(url, { userAgent, resolve })).toEqual({
      ok: false,
      failure: { kind: 'refused', message, url },
    })
    expect(asked).toEqual([])
  })

  it.each(['https://user:pw@example.com/', 'https://user@example.com/', 'http://:pw@example.com/'])(
    'refuses %s: no user name or password',
    async (url) => {
      const outcome = await checkTarget(url, { userAgent, ...unusedResolver() })
      expect(outcome).toMatchObject({ ok: false, failure: { kind: 'refused', url } })
      expect(!outcome.ok && outcome.failure.message).toBe('Addresses with a user name or password cannot be checked.')
    },
  )

  it.each(['not a web address', '', 'http://', 'https://exa mple.com/'])('refuses "%s": not a URL', async (url) => {
    const outcome = await checkTarget(url, { userAgent, ...unusedResolver() })
    expect(outcome).toEqual({ ok: false, failure: { kind: 'refused', message: `"${url}" is not a web address.`, url } })
  })

  it('takes the scheme’s own port, written or not, and a public address as it resolves', async () => {
    const resolve = async () => [
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 as const },
      { address: publicAddress, family: 4 as const },
    ]
    const checked = await checkTarget('https://Example.com:443/a?b#c', { userAgent, resolve })
    expect(checked).toMatchObject({
      ok: true,
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
      port: 443,
      addresses: [
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        { address: publicAddress, family: 4 },
      ],
    })
    expect(checked.ok && checked.url.href).toBe('https://example.com/a?b#c')
    expect(await checkTarget('http://example.com:80/', { userAgent, resolve })).toMatchObject({ ok: true, port: 80 })
  })

  // The URL parser writes every spelling of an IPv4 address as dotted decimal: each is classified
  // as the address it is, without asking a resolver.
  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://127.1.2.3/', '127.1.2.3 is a loopback address'],
    ['http://0x7f000001/', '127.0.0.1 is a loopback address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://127.1/', '127.0.0.1 is a loopback address'],
    ['http://[::1]/', '::1 is a loopback address'],
    ['https://[0:0:0:0:0:0:0:1]/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is an IPv4-mapped IPv6 address'],
    ['http://[::ffff:93.184.215.14]/', '::ffff:5db8:d70e is an IPv4-mapped IPv6 address'],
  ])('refuses %s as the address it names', async (url, start) => {
    const { resolve, asked } = unusedResolver()
    expect(await checkTarget(url, { userAgent, resolve })).toEqual({
      ok: false,
      failure: { kind: 'refused', message: `${start}: only public websites can be checked.`, url },
    })
    expect(asked).toEqual([])
  })

  it.each([
    ['http://10.0.0.1/', 'a private network address'],
    ['http://172.16.5.4/', 'a private network address'],
    ['http://192.168.1.1/', 'a private network address'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address (as a cloud metadata service uses)'],
    ['http://[fe80::1]/', 'a link-local address (as a cloud metadata service uses)'],
    ['http://100.64.0.1/', 'a carrier-grade NAT address'],
    ['http://[fd00::1]/', 'a private (unique local) IPv6 address'],
    ['http://224.0.0.1/', 'a multicast address'],
    ['http://[ff02::1]/', 'a multicast address'],
    ['http://0.0.0.0/', 'an unspecified address'],
    ['http://[::]/', 'an unspecified address'],
    ['http://255.255.255.255/', 'a broadcast address'],
    ['http://203.0.113.10/', 'a reserved address'],
    ['http://240.0.0.1/', 'a reserved address'],
    ['http://[2001:db8::1]/', 'a reserved address'],
    ['http://[2002:7f00:1::]/', 'a 6to4 tunnel address'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'a Teredo tunnel address'],
    ['http://[64:ff9b::7f00:1]/', 'an IPv4-embedded (NAT64) IPv6 address'],
    ['http://[::ffff:0:7f00:1]/', 'an IPv4-translated IPv6 address'],
  ])('refuses %s: %s', async (url, kind) => {
    const outcome = await checkTarget(url, { userAgent, ...unusedResolver() })
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'refused', url } })
    expect(!outcome.ok && outcome.failure.message).toMatch(`is ${kind}: only public websites can be checked.`)
  })

  it('refuses a name that resolves to loopback, asking the resolver once', async () => {
    const asked: string[] = []
    const resolve = async (hostname: string) => {
      asked.push(hostname)
      return [{ address: '127.0.0.1', family: 4 as const }]
    }
    expect(await checkTarget('http://rebind.test/', { userAgent, resolve })).toEqual({
      ok: false,
      failure: {
        kind: 'refused',
        message: 'rebind.test resolves to 127.0.0.1, a loopback address: only public websites can be checked.',
        url: 'http://rebind.test/',
      },
    })
    expect(asked).toEqual(['rebind.test'])
  })

  it('refuses a name with one public and one private address, naming the private one', async () => {
    const resolve = async () => [
      { address: publicAddress, family: 4 as const },
      { address: '10.1.2.3', family: 4 as const },
    ]
    const outcome = await checkTarget('https://mixed.test/', { userAgent, resolve })
    expect(!outcome.ok && outcome.failure).toEqual({
      kind: 'refused',
      message: 'mixed.test resolves to 10.1.2.3, a private network address: only public websites can be checked.',
      url: 'https://mixed.test/',
    })
  })

  it('refuses localhost as the system resolves it', async () => {
    const outcome = await checkTarget('http://localhost/', { userAgent })
    expect(!outcome.ok && outcome.failure.message).toMatch(
      /^localhost resolves to (127\.\d+\.\d+\.\d+|::1), a loopback address: only public websites can be checked\.$/,
    )
  })

  it('answers a network failure when the name cannot be resolved', async () => {
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND example.invalid'), { code: 'ENOTFOUND' })
    }
    const expected = {
      ok: false,
      failure: {
        kind: 'network',
        message: 'example.invalid could not be found (DNS).',
        url: 'http://example.invalid/',
      },
    }
    expect(await checkTarget('http://example.invalid/', { userAgent, resolve: notFound })).toEqual(expected)
    expect(await checkTarget('http://example.invalid/', { userAgent, resolve: async () => [] })).toEqual(expected)
  })

  it('maps a fixture host to its loopback port, and nothing else: not an address, not another port', async () => {
    const allowHosts = new Map([
      ['good.test', { address: '127.0.0.1', port: 41001 }],
      // A map written by hand with an address for a name: the address is still classified.
      ['127.0.0.1', { address: '127.0.0.1', port: 41001 }],
    ])
    const { resolve, asked } = unusedResolver()
    expect(await checkTarget('http://good.test/', { userAgent, resolve, allowHosts })).toMatchObject({
      ok: true,
      address: '127.0.0.1',
      family: 4,
      port: 41001,
    })
    expect(await checkTarget('http://good.test:41001/', { userAgent, resolve, allowHosts })).toMatchObject({
      ok: false,
      failure: { kind: 'refused', message: 'Only ports 80 and 443 can be checked: this address asks for port 41001.' },
    })
    expect(await checkTarget('http://127.0.0.1/', { userAgent, resolve, allowHosts })).toMatchObject({
      ok: false,
      failure: { kind: 'refused', message: '127.0.0.1 is a loopback address: only public websites can be checked.' },
    })
    expect(asked).toEqual([])
  })
})

describe('pinnedLookup', () => {
  it('answers the checked addresses whatever the name, in both of Node’s forms', () => {
    const lookup = pinnedLookup([
      { address: publicAddress, family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ])
    const answers: unknown[] = []
    lookup('rebind.test', { all: true }, (error, address) => answers.push([error, address]))
    lookup('rebind.test', {}, (error, address, family) => answers.push([error, address, family]))
    expect(answers).toEqual([
      [
        null,
        [
          { address: publicAddress, family: 4 },
          { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
        ],
      ],
      [null, publicAddress, 4],
    ])
  })
})

describe('the fetch refuses before sending anything', () => {
  // Each names the port `target` listens on, on 127.0.0.1 and ::1: a request let through would be counted.
  const atTarget = (host: string) => `http://${host}:${target.port}/`
  it.each(['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '0x7f000001', '2130706433'])(
    'refuses http://%s:<port>/ and the fixture there counts nothing',
    async (host) => {
      const url = atTarget(host)
      const outcome = await auditFetch(url, { signal: deadline() })
      expect(failure(outcome)).toEqual({
        kind: 'refused',
        message: `Only ports 80 and 443 can be checked: this address asks for port ${target.port}.`,
        url,
      })
      expect(target.count()).toBe(0)
      expect(target.connections()).toBe(0)
    },
  )

  it('listens where those URLs point, so that a leak would be counted', () => {
    expect(target.ipv6).toBe(true)
  })

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://localhost/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['http://0x7f000001/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://[fd00::1]/', 'unique local'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://0.0.0.0/', 'unspecified'],
    ['file:///etc/passwd', 'Only http and https'],
    ['gopher://example.com/', 'Only http and https'],
    ['http://example.com:22/', 'port 22'],
    ['https://user:pw@example.com/', 'user name or password'],
  ])('refuses %s (%s)', async (url, reason) => {
    const refused = failure(await auditFetch(url, { signal: deadline() }))
    expect(refused).toMatchObject({ kind: 'refused', url })
    expect(refused.message).toContain(reason)
  })

  it('refuses a name that resolves to loopback, or to a public and a private address', async () => {
    const resolve = async (hostname: string): Promise<ResolvedAddress[]> =>
      hostname === 'rebind.test'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [
            { address: publicAddress, family: 4 },
            { address: '192.168.0.10', family: 4 },
          ]
    const fetchWith = createAuditFetch({ userAgent, resolve })
    expect(failure(await fetchWith('http://rebind.test/', { signal: deadline() })).message).toBe(
      'rebind.test resolves to 127.0.0.1, a loopback address: only public websites can be checked.',
    )
    expect(failure(await fetchWith('http://mixed.test/', { signal: deadline() })).message).toBe(
      'mixed.test resolves to 192.168.0.10, a private network address: only public websites can be checked.',
    )
  })

  it('answers timeout at once when the deadline has already passed', async () => {
    const before = site.connections()
    const outcome = await auditFetch('http://good.test/', { signal: AbortSignal.abort() })
    expect(failure(outcome)).toEqual({
      kind: 'timeout',
      message: 'good.test did not answer in time.',
      url: 'http://good.test/',
    })
    expect(site.connections()).toBe(before)
  })
})

describe('DNS rebinding', () => {
  it('connects to the address checked, not to a second answer of the resolver', async () => {
    const answers: ResolvedAddress[][] = [[{ address: publicAddress, family: 4 }]]
    const asked: string[] = []
    const resolve = async (hostname: string) => {
      asked.push(hostname)
      return answers.shift() ?? [{ address: '127.0.0.1', family: 4 as const }]
    }
    // Every connection this process attempts meanwhile, as Node makes it. One to a public
    // address is stopped as soon as it starts: the test sends nothing out of this machine.
    const attempts: string[] = []
    const onSocket = (message: unknown) => {
      const { socket } = message as { socket: Socket }
      socket.on('connectionAttempt', (address: string, port: number) => {
        attempts.push(`${address}:${port}`)
        if (isIP(address) && !address.startsWith('127.') && address !== '::1')
          queueMicrotask(() => socket.destroy(Object.assign(new Error('stopped by the test'), { code: 'ENETUNREACH' })))
      })
    }
    subscribe('net.client.socket', onSocket)
    let outcome: FetchOutcome
    try {
      outcome = await createAuditFetch({ userAgent, resolve })('http://rebind.test/', {
        signal: AbortSignal.timeout(1500),
      })
    } finally {
      unsubscribe('net.client.socket', onSocket)
    }
    expect(asked).toEqual(['rebind.test'])
    expect(attempts).toEqual([`${publicAddress}:80`])
    expect(['network', 'timeout']).toContain(failure(outcome).kind)
    expect(failure(outcome).url).toBe('http://rebind.test/')
    expect(target.connections()).toBe(0)
  })
})

describe('reading an allowed site', () => {
  it('answers the status, the headers and the body, sending the grader’s headers and no cookie', async () => {
    const before = site.requests.length
    const read = response(await auditFetch('http://good.test/', { signal: deadline() }))
    expect(read).toMatchObject({
      requestedUrl: 'http://good.test/',
      url: 'http://good.test/',
      status: 200,
      transferBytes: Buffer.byteLength(page),
      truncated: false,
      redirects: [],
    })
    expect(read.body.toString('utf8')).toBe(page)
    expect(read.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(read.headers['x-many']).toBe('one, two')
    expect(read.headers['set-cookie']).toBe('a=1; Path=/\nb=2; Path=/')
    expect(read.elapsedMs).toBeGreaterThanOrEqual(0)
    const [sent] = site.requests.slice(before)
    expect(sent).toMatchObject({ method: 'GET', path: '/' })
    expect(sent!.headers).toMatchObject({
      host: 'good.test',
      'user-agent': userAgent,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(sent!.headers.cookie).toBeUndefined()
  })

  it.each([
    ['/gzip', () => gzipSync(page)],
    ['/br', () => brotliCompressSync(page)],
    ['/deflate', () => deflateSync(page)],
    ['/deflate-raw', () => deflateRawSync(page)],
  ])('decodes %s, counting the compressed bytes', async (path, compressed) => {
    const read = response(await auditFetch(`http://good.test${path}`, { signal: deadline() }))
    expect(read.body.toString('utf8')).toBe(page)
    expect(read.transferBytes).toBe(compressed().length)
    expect(read.transferBytes).toBeLessThan(Buffer.byteLength(page))
    expect(read.truncated).toBe(false)
  })

  it('keeps the bytes as sent in an encoding it does not know', async () => {
    const read = response(await auditFetch('http://good.test/unknown-encoding', { signal: deadline() }))
    expect(read.body.toString('utf8')).toBe('raw bytes as sent')
    expect(read.headers['content-encoding']).toBe('x-unknown')
  })

  it('answers a network failure for a body that does not decode', async () => {
    expect(failure(await auditFetch('http://good.test/broken-gzip', { signal: deadline() }))).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^The answer from good\.test could not be decoded \(gzip\): /),
      url: 'http://good.test/broken-gzip',
    })
  })

  it('reads no body for HEAD', async () => {
    const before = site.requests.length
    const read = response(await auditFetch('http://good.test/', { method: 'HEAD', signal: deadline() }))
    expect(read).toMatchObject({ status: 200, transferBytes: 0, truncated: false })
    expect(read.body.length).toBe(0)
    expect(site.requests.slice(before).map((entry) => entry.method)).toEqual(['HEAD'])
  })

  it('stops a 50 MB body at the cap', async () => {
    const read = response(await auditFetch('http://good.test/huge', { signal: deadline() }))
    expect(read.truncated).toBe(true)
    expect(read.body.length).toBe(AUDIT_LIMITS.maxBodyBytes)
    expect(read.transferBytes).toBe(AUDIT_LIMITS.maxBodyBytes)
    expect(read.body.every((byte) => byte === 0x61)).toBe(true)
  })

  it('keeps less when asked for less', async () => {
    const read = response(await auditFetch('http://good.test/', { signal: deadline(), maxBodyBytes: 1000 }))
    expect(read).toMatchObject({ truncated: true, transferBytes: 1000 })
    expect(read.body.toString('utf8')).toBe(page.slice(0, 1000))
  })

  it('stops a gzip bomb at the cap on its decoded size', async () => {
    const read = response(await auditFetch('http://good.test/bomb', { signal: deadline() }))
    expect(read.truncated).toBe(true)
    expect(read.body.length).toBe(AUDIT_LIMITS.maxBodyBytes)
    expect(read.body.every((byte) => byte === 0)).toBe(true)
    expect(read.transferBytes).toBeGreaterThan(0)
    expect(read.transferBytes).toBeLessThanOrEqual(bomb.length)
  })

  it('answers timeout at the caller’s deadline from a server that never answers', { timeout: 10_000 }, async () => {
    const outcome = await auditFetch('http://good.test/hang', { signal: AbortSignal.timeout(1000) })
    expect(failure(outcome)).toEqual({
      kind: 'timeout',
      message: 'good.test did not answer in time.',
      url: 'http://good.test/hang',
    })
  })

  it('answers timeout once a request waits past requestTimeoutMs', { timeout: 10_000 }, async () => {
    const impatient = createAuditFetch({ ...policy, requestTimeoutMs: 300 })
    expect(failure(await impatient('http://good.test/hang', { signal: deadline() }))).toEqual({
      kind: 'timeout',
      message: 'good.test did not answer within 0.3 s.',
      url: 'http://good.test/hang',
    })
  })

  it('answers a network failure when the connection is refused', async () => {
    expect(failure(await auditFetch('http://down.test/', { signal: deadline() }))).toEqual({
      kind: 'network',
      message: 'The connection to down.test failed: ECONNREFUSED',
      url: 'http://down.test/',
    })
  })

  it('verifies the certificate against the host name over https, and sends nothing when it fails', async () => {
    const outcome = await auditFetch('https://secure.test/', { signal: deadline() })
    expect(failure(outcome)).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^The connection to secure\.test failed: [A-Z_]+$/),
      url: 'https://secure.test/',
    })
    // The handshake named the host, though it went to 127.0.0.1; the certificate, self-signed, was refused.
    expect(secure.serverNames).toContain('secure.test')
    expect(secure.count()).toBe(0)
  })
})

describe('redirects', () => {
  it('follows one, never sending the cookie it set', async () => {
    const before = site.requests.length
    const read = response(await auditFetch('http://good.test/cookie', { signal: deadline() }))
    expect(read).toMatchObject({
      requestedUrl: 'http://good.test/cookie',
      url: 'http://good.test/landing',
      status: 200,
      redirects: [{ status: 302, url: 'http://good.test/landing' }],
    })
    expect(read.body.toString('utf8')).toBe('landed')
    const sent = site.requests.slice(before)
    expect(sent.map((entry) => entry.path)).toEqual(['/cookie', '/landing'])
    expect(sent.map((entry) => entry.headers.cookie)).toEqual([undefined, undefined])
  })

  it('turns HEAD into GET after a 303, and keeps it after a 307', async () => {
    const before = site.requests.length
    response(await auditFetch('http://good.test/see-other', { method: 'HEAD', signal: deadline() }))
    response(await auditFetch('http://good.test/temporary', { method: 'HEAD', signal: deadline() }))
    expect(site.requests.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'HEAD /see-other',
      'GET /landing',
      'HEAD /temporary',
      'HEAD /landing',
    ])
  })

  it('answers a redirect without a Location as it is', async () => {
    const read = response(await auditFetch('http://good.test/no-location', { signal: deadline() }))
    expect(read).toMatchObject({ status: 302, url: 'http://good.test/no-location', redirects: [] })
    expect(read.body.toString('utf8')).toBe('nowhere')
  })

  it('refuses a hop to loopback at the hop, and sends it nothing', async () => {
    const hop = `http://127.0.0.1:${target.port}/`
    expect(failure(await auditFetch('http://good.test/to-loopback', { signal: deadline() }))).toEqual({
      kind: 'refused',
      message: `Only ports 80 and 443 can be checked: this address asks for port ${target.port}.`,
      url: hop,
    })
    expect(site.count('/to-loopback')).toBe(1)
    expect(target.count()).toBe(0)
    expect(target.connections()).toBe(0)
  })

  it.each([
    ['/to-localhost', 'http://localhost/', /^localhost resolves to \S+, a loopback address/],
    ['/to-metadata', 'http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is a link-local address/],
    ['/to-file', 'file:///etc/passwd', /^Only http and https addresses can be checked\.$/],
  ])('refuses a hop from %s to %s', async (path, hop, message) => {
    const refused = failure(await auditFetch(`http://good.test${path}`, { signal: deadline() }))
    expect(refused).toMatchObject({ kind: 'refused', url: hop })
    expect(refused.message).toMatch(message)
  })

  it(`follows ${AUDIT_LIMITS.redirects} between two sites, each status in turn`, async () => {
    const read = response(
      await auditFetch(`http://good.test/hop?left=${AUDIT_LIMITS.redirects}`, { signal: deadline() }),
    )
    expect(read).toMatchObject({ status: 200, url: 'http://next.test/hop?left=0' })
    expect(read.body.toString('utf8')).toBe('arrived')
    expect(read.redirects).toEqual([
      { status: 301, url: 'http://next.test/hop?left=4' },
      { status: 308, url: 'http://good.test/hop?left=3' },
      { status: 307, url: 'http://next.test/hop?left=2' },
      { status: 303, url: 'http://good.test/hop?left=1' },
      { status: 302, url: 'http://next.test/hop?left=0' },
    ])
  })

  it(`answers a redirects failure at the ${AUDIT_LIMITS.redirects + 1}th, without following it`, async () => {
    const before = site.count('/hop') + next.count('/hop')
    const outcome = await auditFetch(`http://good.test/hop?left=${AUDIT_LIMITS.redirects + 1}`, { signal: deadline() })
    expect(failure(outcome)).toEqual({
      kind: 'redirects',
      message: `More than ${AUDIT_LIMITS.redirects} redirects: http://next.test/hop?left=1 redirects once more, to http://good.test/hop?left=0.`,
      url: 'http://next.test/hop?left=1',
    })
    expect(site.count('/hop') + next.count('/hop') - before).toBe(AUDIT_LIMITS.redirects + 1)
    expect(site.requests.some((entry) => entry.url === '/hop?left=0')).toBe(false)
  })
})

describe('parseAllowHosts', () => {
  it('reads name=address:port entries, IPv6 in brackets', () => {
    expect(parseAllowHosts('good.test=127.0.0.1:41001, Poor.test=127.0.0.1:41002,six.test=[::1]:41003,')).toEqual(
      new Map([
        ['good.test', { address: '127.0.0.1', port: 41001 }],
        ['poor.test', { address: '127.0.0.1', port: 41002 }],
        ['six.test', { address: '::1', port: 41003 }],
      ]),
    )
    expect(parseAllowHosts('')).toEqual(new Map())
  })

  it.each([
    ['good.test', 'is not name=address:port'],
    ['good.test=127.0.0.1', 'is not name=address:port'],
    ['good.test=127.0.0.1:', 'is not name=address:port'],
    ['=127.0.0.1:41001', 'is not name=address:port'],
    ['127.0.0.1=127.0.0.1:41001', 'does not start with a host name'],
    ['good_test=127.0.0.1:41001', 'does not start with a host name'],
    ['good.test=localhost:41001', 'does not point to an IP address'],
    ['good.test=127.0.0.1:0', 'has no port between 1 and 65535'],
    ['good.test=127.0.0.1:70000', 'has no port between 1 and 65535'],
  ])('refuses "%s": %s', (entry, problem) => {
    expect(() => parseAllowHosts(`ok.test=127.0.0.1:41000,${entry}`)).toThrow(
      `AUDIT_ALLOW_HOSTS: "${entry}" ${problem}`,
    )
  })

  it('refuses a host named twice', () => {
    expect(() => parseAllowHosts('good.test=127.0.0.1:41001,good.test=127.0.0.1:41002')).toThrow(
      'AUDIT_ALLOW_HOSTS: "good.test=127.0.0.1:41002" names a host already named',
    )
  })
})
