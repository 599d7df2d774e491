import { promises as dns } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { performance } from 'node:perf_hooks'
import { pipeline, Readable, type Transform } from 'node:stream'
import zlib from 'node:zlib'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector, request } from 'undici'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import type { AuditFetch, Fetched, FetchFailure, FetchOptions, FetchOutcome } from './fetched.ts'

/**
 * The grader's network layer: how `/audit` reads any public website a visitor names without
 * becoming a way into the network it runs in (server-side request forgery). Every address, the
 * first and each redirect's, is checked before anything is sent: http or https on their own
 * ports, no credentials, and a host whose every address is public unicast (ipaddr.js). The
 * connection then goes to the very address that was checked, never to a second resolution of
 * the name, so a name that answers a public address to the check and a private one to the
 * connection (DNS rebinding) gets nowhere. Answers are read within caps on bytes, decoded bytes,
 * redirects and time, and no cookie is ever kept or sent.
 */

/** How long one request may wait for its headers, or between two pieces of its body, by default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Where the grader may connect, and how it names itself. */
export interface AuditFetchPolicy {
  /** Resolves a host name to all its addresses (dns.lookup with all: true by default). Tests inject one. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>
  /** Test-only fixture hosts (AUDIT_ALLOW_HOSTS): a host name → the loopback address and port it is served at. */
  allowHosts?: ReadonlyMap<string, { address: string; port: number }>
  /** The User-Agent sent with every request: names the site, e.g. `NorthpeakAudit/1.0 (+https://northpeak.example/audit)`. */
  userAgent: string
  /** Per-request cap on waiting for headers and between body chunks, ms (default 10_000); the caller's signal is the overall deadline. */
  requestTimeoutMs?: number
}

/**
 * Where a URL may connect, once checked: the URL as parsed, the address and port to connect to
 * (`address` and `family` are the first of `addresses`, every one of which was checked), or why
 * it may not.
 */
export type TargetCheck =
  | { ok: true; url: URL; address: string; family: 4 | 6; port: number; addresses: ResolvedAddress[] }
  | { ok: false; failure: FetchFailure }

/** The statuses whose Location is followed; any other answer, or one of these without a Location, is the answer. */
const redirectStatuses = new Set([301, 302, 303, 307, 308])

/** The port each scheme may be checked on: the one a browser uses when the address names none. */
const schemePorts: Record<string, number> = { 'http:': 80, 'https:': 443 }

/**
 * Checks where a URL would connect, without connecting: http or https only, on port 80 or 443
 * respectively, without a user name or password, and to a host whose addresses are all public.
 * A host written as an address is classified as it is; a name is resolved once, with
 * `policy.resolve`. A name in `policy.allowHosts` (the tests' fixture sites) skips the address
 * rules and answers its mapped address and port. The failure's message is for the visitor.
 */
export async function checkTarget(url: string, policy: AuditFetchPolicy): Promise<TargetCheck> {
  const refused = (message: string): TargetCheck => ({ ok: false, failure: { kind: 'refused', message, url } })
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return refused(`"${url}" is not a web address.`)
  }
  const expectedPort = schemePorts[parsed.protocol]
  if (expectedPort === undefined) return refused('Only http and https addresses can be checked.')
  if (parsed.username || parsed.password) return refused('Addresses with a user name or password cannot be checked.')
  // The URL parser leaves `port` empty when it is the scheme's own.
  const port = parsed.port === '' ? expectedPort : Number(parsed.port)
  if (port !== expectedPort) {
    if (port === 80 || port === 443)
      return refused(
        `Only port ${expectedPort} can be checked over ${parsed.protocol.slice(0, -1)}: this address asks for port ${port}.`,
      )
    return refused(`Only ports 80 and 443 can be checked: this address asks for port ${port}.`)
  }
  // The parser has already written any IPv4 form (0x7f000001, 2130706433, 0177.0.0.1) as
  // dotted decimal, and IPv6 in brackets, in its shortest form.
  const host = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname
  const literal = isIP(host)
  if (literal !== 0) {
    const kind = forbiddenKind(host)
    if (kind) return refused(`${host} is ${kind}: only public websites can be checked.`)
    return {
      ok: true,
      url: parsed,
      address: host,
      family: literal as 4 | 6,
      port,
      addresses: [{ address: host, family: literal as 4 | 6 }],
    }
  }
  const fixture = policy.allowHosts?.get(host)
  if (fixture) {
    const family = isIP(fixture.address) === 6 ? 6 : 4
    return {
      ok: true,
      url: parsed,
      address: fixture.address,
      family,
      port: fixture.port,
      addresses: [{ address: fixture.address, family }],
    }
  }
  let addresses: ResolvedAddress[]
  try {
    addresses = await (policy.resolve ?? resolveHost)(host)
  } catch {
    addresses = []
  }
  if (addresses.length === 0)
    return { ok: false, failure: { kind: 'network', message: `${host} could not be found (DNS).`, url } }
  // One private address among public ones is enough to refuse: the connection could go to any.
  for (const { address } of addresses) {
    const kind = forbiddenKind(address)
    if (kind) return refused(`${host} resolves to ${address}, ${kind}: only public websites can be checked.`)
  }
  const [first] = addresses as [ResolvedAddress, ...ResolvedAddress[]]
  return { ok: true, url: parsed, address: first.address, family: first.family, port, addresses }
}

/** Every address of a host name, in the order the system's resolver gives them (/etc/hosts, then DNS). */
async function resolveHost(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dns.lookup(hostname, { all: true, order: 'verbatim' })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

/** How ipaddr.js's ranges read in a message; any range not named here reads as "a <range> address". */
const rangeNames: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (as a cloud metadata service uses)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
  uniqueLocal: 'a private (unique local) IPv6 address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6145: 'an IPv4-translated IPv6 address',
  rfc6052: 'an IPv4-embedded (NAT64) IPv6 address',
  '6to4': 'a 6to4 tunnel address',
  teredo: 'a Teredo tunnel address',
  deprecatedSiteLocal: 'a site-local IPv6 address',
}

/**
 * Why an address may not be connected to ("a loopback address"), or null when it is public
 * unicast: the one range ipaddr.js leaves for the open Internet. An IPv4-mapped IPv6 address is
 * refused as such rather than unwrapped: no public website is published that way.
 */
function forbiddenKind(address: string): string | null {
  let range: string
  try {
    range = ipaddr.parse(address).range()
  } catch {
    return 'an address that cannot be read'
  }
  if (range === 'unicast') return null
  return rangeNames[range] ?? `a ${range} address`
}

/**
 * A `lookup` for `net.connect` that answers the addresses already checked, whatever name it is
 * asked about: the connection goes where the check looked, not where a second resolution would
 * send it. It answers both of Node's forms: the list (`options.all`, which Node asks for when it
 * tries IPv6 and IPv4 side by side) and the single address.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses
    if (!first) {
      callback(Object.assign(new Error('No address was checked'), { code: 'ENOTFOUND' }), '', 4)
      return
    }
    if (options.all)
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      )
    else callback(null, first.address, first.family)
  }
}

/**
 * The grader's fetch under these rules (never throws): checks the address (`checkTarget`),
 * connects to the address checked, follows up to AUDIT_LIMITS.redirects redirects by hand, each checked
 * in turn, and reads the body within the caps. `options.signal` is the overall deadline.
 */
export function createAuditFetch(policy: AuditFetchPolicy): AuditFetch {
  return async (url, options) => {
    try {
      return await auditFetch(url, options, policy)
    } catch (error) {
      // Not expected: every failure on the way is already an answer. Still, never a throw.
      return { ok: false, failure: failureFor(error, url, options.signal, policy) }
    }
  }
}

async function auditFetch(url: string, options: FetchOptions, policy: AuditFetchPolicy): Promise<FetchOutcome> {
  const { signal } = options
  const started = performance.now()
  const cap = Math.min(options.maxBodyBytes ?? AUDIT_LIMITS.maxBodyBytes, AUDIT_LIMITS.maxBodyBytes)
  let method = options.method ?? 'GET'
  const redirects: Fetched['redirects'] = []
  let current = url
  let requestedUrl: string | undefined
  for (;;) {
    const timeout = timeoutFailure(current, signal)
    if (timeout) return timeout
    // A resolver cannot be stopped, but the grading need not wait for it past its deadline.
    const target = await untilAborted(checkTarget(current, policy), signal)
    if (target === aborted) return timeoutFailure(current, signal)!
    if (!target.ok) return target
    requestedUrl ??= target.url.href
    const answer = await exchange(target, method, cap, signal, policy)
    if (!answer.ok) return answer
    const { status, headers, location } = answer.response
    const next = redirectStatuses.has(status) && location !== undefined ? resolveLocation(location, target.url) : null
    if (!next) {
      return {
        ok: true,
        response: {
          requestedUrl,
          url: target.url.href,
          status,
          headers,
          body: answer.response.body,
          transferBytes: answer.response.transferBytes,
          truncated: answer.response.truncated,
          redirects,
          elapsedMs: Math.round(performance.now() - started),
        },
      }
    }
    if (redirects.length === AUDIT_LIMITS.redirects) {
      return {
        ok: false,
        failure: {
          kind: 'redirects',
          message: `More than ${AUDIT_LIMITS.redirects} redirects: ${target.url.href} redirects once more, to ${next}.`,
          url: target.url.href,
        },
      }
    }
    redirects.push({ status, url: next })
    // 303 asks for the next address with GET; HEAD stays HEAD otherwise (GET has no body to move).
    if (status === 303) method = 'GET'
    current = next
  }
}

/** A Location resolved against the address that sent it, without its fragment; null when it is no URL. */
function resolveLocation(location: string, base: URL): string | null {
  try {
    const next = new URL(location, base)
    next.hash = ''
    return next.href
  } catch {
    return null
  }
}

interface Exchanged {
  status: number
  headers: Record<string, string>
  /** The first Location header as sent, when there is one. */
  location: string | undefined
  body: Buffer
  transferBytes: number
  truncated: boolean
}

/**
 * One request to a checked target and its answer, read within the caps; a redirect's body is
 * not read. The connection is made by an agent of its own, whose lookup answers the checked
 * address (and whose port is the checked one: a fixture host's), and it is destroyed with the
 * request: nothing stays open and nothing is shared with another target.
 */
async function exchange(
  target: Extract<TargetCheck, { ok: true }>,
  method: 'GET' | 'HEAD',
  cap: number,
  signal: AbortSignal,
  policy: AuditFetchPolicy,
): Promise<{ ok: true; response: Exchanged } | { ok: false; failure: FetchFailure }> {
  const timeoutMs = policy.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  // HTTP/1.1 only: one request per connection, and no session to outlive it.
  const connector = buildConnector({ lookup: pinnedLookup(target.addresses), timeout: timeoutMs, allowH2: false })
  const agent = new Agent({
    allowH2: false,
    connections: 1,
    connect: (options, callback) => connector({ ...options, port: String(target.port) }, callback),
  })
  const url = new URL(target.url)
  url.hash = ''
  try {
    const response = await request(url, {
      dispatcher: agent,
      method,
      headers: {
        'user-agent': policy.userAgent,
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'accept-encoding': 'gzip, deflate, br',
      },
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    })
    // A body left unread (HEAD, a redirect, the cap) is destroyed, which undici reports as an
    // aborted request: expected here; a failure while it is read reaches the reader all the same.
    response.body.on('error', () => {})
    const headers = headerRecord(response.headers)
    const rawLocation = response.headers.location
    const location = Array.isArray(rawLocation) ? rawLocation[0] : rawLocation
    const redirect = redirectStatuses.has(response.statusCode) && location !== undefined
    if (method === 'HEAD' || redirect) {
      response.body.destroy()
      return {
        ok: true,
        response: {
          status: response.statusCode,
          headers,
          location,
          body: Buffer.alloc(0),
          transferBytes: 0,
          truncated: false,
        },
      }
    }
    const read = await readBody(response.body, headers['content-encoding'], cap)
    if ('undecodable' in read) {
      return {
        ok: false,
        failure: {
          kind: 'network',
          message: `The answer from ${target.url.hostname} could not be decoded (${headers['content-encoding']}): ${read.undecodable}`,
          url: target.url.href,
        },
      }
    }
    return { ok: true, response: { status: response.statusCode, headers, location, ...read } }
  } catch (error) {
    return { ok: false, failure: failureFor(error, target.url.href, signal, policy) }
  } finally {
    await agent.destroy().catch(() => {})
  }
}

/** Response headers as one string each: names lowercased, repeats joined with ", ", cookies with "\n". */
function headerRecord(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    const key = name.toLowerCase()
    const joined = Array.isArray(value) ? value.join(key === 'set-cookie' ? '\n' : ', ') : value
    headers[key] = key in headers ? `${headers[key]}${key === 'set-cookie' ? '\n' : ', '}${joined}` : joined
  }
  return headers
}

/**
 * The body, read until its end or the cap: wire bytes are counted and the stream is stopped
 * once they pass `cap`; a body in gzip, deflate or br is decoded as it comes, and the decoded
 * bytes are capped too, so a small bomb that inflates to gigabytes stops at the cap. Either cap
 * marks it truncated. An unknown encoding keeps the bytes as sent; one that fails to decode is
 * `undecodable`, with the reason.
 */
async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  cap: number,
): Promise<{ body: Buffer; transferBytes: number; truncated: boolean } | { undecodable: string }> {
  let transferBytes = 0
  let truncated = false
  async function* wire(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        const room = cap - transferBytes
        if (chunk.length > room) {
          truncated = true
          transferBytes += room
          if (room > 0) yield chunk.subarray(0, room)
          return
        }
        transferBytes += chunk.length
        yield chunk
      }
    } finally {
      // Leaving early (the cap, a decoding error) stops the download.
      body.destroy()
    }
  }
  const chunks: Buffer[] = []
  let size = 0
  const source = wire()
  const first = await source.next()
  const head = first.done ? undefined : first.value
  const decoder = head && decoderFor(contentEncoding, head)
  async function* again(): AsyncGenerator<Buffer> {
    if (head) yield head
    yield* source
  }
  const decoded: Readable = decoder ? pipeline(Readable.from(again()), decoder, () => {}) : Readable.from(again())
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      const room = cap - size
      if (chunk.length > room) {
        truncated = true
        chunks.push(chunk.subarray(0, room))
        size = cap
        break
      }
      chunks.push(chunk)
      size += chunk.length
    }
  } catch (error) {
    if (!decoder || !isZlibError(error)) throw error
    return { undecodable: (error as Error).message }
  } finally {
    decoded.destroy()
    body.destroy()
  }
  return { body: Buffer.concat(chunks, size), transferBytes, truncated }
}

/**
 * A decoding stream for the answer's Content-Encoding, or undefined to keep the bytes as sent
 * (none, identity, several, or one this does not know). Truncated input ends the output rather
 * than failing it, as browsers show what arrived. "deflate" is zlib-wrapped by the standard but
 * raw in some servers: its first byte tells which.
 */
function decoderFor(contentEncoding: string | undefined, head: Buffer): Transform | undefined {
  const coding = contentEncoding?.trim().toLowerCase()
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH }
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip(lenient)
    case 'deflate':
      return ((head[0] ?? 0) & 0x0f) === 0x08 ? zlib.createInflate(lenient) : zlib.createInflateRaw(lenient)
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })
    default:
      return undefined
  }
}

/** Whether an error is zlib's about the data (Z_DATA_ERROR; brotli's ERR__ERROR_FORMAT_…), not the stream's. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR__ERROR'))
}

/** Answers `aborted` once the signal aborts, if the promise has not settled by then. */
const aborted = Symbol('aborted')
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof aborted> {
  if (signal.aborted) return Promise.resolve(aborted)
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(aborted)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** The `timeout` failure when the caller's deadline has passed, else undefined. */
function timeoutFailure(url: string, signal: AbortSignal): { ok: false; failure: FetchFailure } | undefined {
  if (!signal.aborted) return undefined
  return { ok: false, failure: { kind: 'timeout', message: `${hostOf(url)} did not answer in time.`, url } }
}

/** The undici codes of a request that waited past `requestTimeoutMs`. */
const timeoutCodes = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
])

/** What an error on the way means for a person: the deadline, a request that waited too long, or the network. */
function failureFor(error: unknown, url: string, signal: AbortSignal, policy: AuditFetchPolicy): FetchFailure {
  const host = hostOf(url)
  if (signal.aborted) return { kind: 'timeout', message: `${host} did not answer in time.`, url }
  const code = errorCode(error)
  if (timeoutCodes.has(code)) {
    const seconds = (policy.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) / 1000
    return { kind: 'timeout', message: `${host} did not answer within ${seconds} s.`, url }
  }
  return { kind: 'network', message: `The connection to ${host} failed: ${code}`, url }
}

/** The short name of what failed (ECONNREFUSED, CERT_HAS_EXPIRED, UND_ERR_SOCKET), else its message. */
function errorCode(error: unknown): string {
  const seen = error as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[]; message?: unknown }
  for (const code of [seen?.code, seen?.cause?.code, seen?.errors?.[0]?.code])
    if (typeof code === 'string' && code) return code
  return typeof seen?.message === 'string' && seen.message ? seen.message : String(error)
}

/** The host of a URL for a message, or the text itself when it is no URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

/**
 * Parses AUDIT_ALLOW_HOSTS, the tests' fixture sites: "good.test=127.0.0.1:41001,poor.test=127.0.0.1:41002"
 * (an IPv6 address in brackets: "six.test=[::1]:41003") → each host name and where it is served.
 * Throws, naming the entry, on one that is not `name=address:port`, whose name is an address
 * (an address is never let through), or that names a host twice.
 */
export function parseAllowHosts(value: string): Map<string, { address: string; port: number }> {
  const hosts = new Map<string, { address: string; port: number }>()
  for (const raw of value.split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    const match = /^([^=\s]+)=(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(entry)
    const name = match?.[1]?.toLowerCase()
    const address = match?.[2] ?? match?.[3]
    const port = Number(match?.[4])
    const problem = !match
      ? 'is not name=address:port'
      : !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(name!) || isIP(name!) !== 0
        ? 'does not start with a host name'
        : isIP(address!) === 0
          ? 'does not point to an IP address'
          : !(port >= 1 && port <= 65535)
            ? 'has no port between 1 and 65535'
            : hosts.has(name!)
              ? 'names a host already named'
              : undefined
    if (problem)
      throw new Error(
        `AUDIT_ALLOW_HOSTS: "${entry}" ${problem}, e.g. "good.test=127.0.0.1:41001,poor.test=127.0.0.1:41002".`,
      )
    hosts.set(name!, { address: address!, port })
  }
  return hosts
}
