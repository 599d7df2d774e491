import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * For tests: websites on loopback for the grader to read, each a route table, that count every
 * request and connection they receive. A count that stays 0 is how a test shows the grader
 * refused an address without sending anything to it.
 */

/** What a route does with one request: answers it, or (a server that hangs) never does. */
export type FixtureRoute = (request: IncomingMessage, response: ServerResponse) => void

/** One request a fixture site received. */
export interface ReceivedRequest {
  method: string
  /** The path with its query, as sent: `/hop?left=2`. */
  url: string
  /** The path alone: `/hop`. */
  path: string
  headers: IncomingHttpHeaders
}

export interface FixtureSite {
  /** The port it listens on, on 127.0.0.1 and, when the machine has IPv6, on ::1. */
  port: number
  /** `http://127.0.0.1:<port>` (https with `tls`). */
  origin: string
  /** Whether it listens on ::1 too. */
  ipv6: boolean
  /** Every request received, in order. */
  requests: ReceivedRequest[]
  /** How many requests it received: in all, or for one path (without its query). */
  count(path?: string): number
  /** How many connections were opened to it, on either address, whether or not a request followed. */
  connections(): number
  /** The TLS server names (SNI) clients asked for, with `tls`. */
  serverNames: string[]
  /** Stops listening and ends every open connection, a hanging one too. */
  close(): Promise<void>
}

export interface FixtureSiteOptions {
  /** Speaks HTTPS with this certificate and key (e.g. server/http/local-certificate.ts). */
  tls?: { cert: Buffer | string; key: Buffer | string }
}

/**
 * Starts a fixture site on a free port of 127.0.0.1, and of ::1 when the machine has IPv6 (the
 * same port on both, so a URL naming either reaches it), answering each path from `routes`
 * (exact path, query aside) and 404 for any other. Call `close()` when done.
 */
export async function startFixtureSite(
  routes: Record<string, FixtureRoute>,
  options: FixtureSiteOptions = {},
): Promise<FixtureSite> {
  const requests: ReceivedRequest[] = []
  const serverNames: string[] = []
  let connections = 0
  // Every socket, a TLS one still in its handshake too, so that `close()` ends them all.
  const sockets = new Set<Socket>()
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/'
    const path = new URL(url, 'http://fixture.test').pathname
    requests.push({ method: request.method ?? 'GET', url, path, headers: request.headers })
    // A client that stops reading (the grader's cap) breaks the connection mid-answer.
    response.on('error', () => {})
    const route = routes[path]
    if (route) route(request, response)
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  }
  const make = (): Server => {
    const server = options.tls
      ? createHttpsServer(
          {
            ...options.tls,
            SNICallback: (name, callback) => {
              serverNames.push(name)
              callback(null)
            },
          },
          handle,
        )
      : createServer(handle)
    server.on('connection', (socket: Socket) => {
      connections += 1
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    // A TLS handshake the client refuses (an untrusted certificate) is expected here.
    server.on('tlsClientError', () => {})
    return server
  }

  const servers: Server[] = []
  const v4 = make()
  servers.push(v4)
  v4.listen(0, '127.0.0.1')
  await once(v4, 'listening')
  let port = (v4.address() as AddressInfo).port
  let ipv6 = false
  // The same port on ::1; should another process hold it there, both move to new ports.
  for (let attempt = 0; attempt < 5 && !ipv6; attempt += 1) {
    const v6 = make()
    const outcome = await listen(v6, port, '::1')
    if (outcome === 'listening') {
      servers.push(v6)
      ipv6 = true
    } else if (outcome === 'in-use') {
      await closeServer(v4)
      v4.listen(0, '127.0.0.1')
      await once(v4, 'listening')
      port = (v4.address() as AddressInfo).port
    } else break
  }
  return {
    port,
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    ipv6,
    requests,
    serverNames,
    count: (path) => (path === undefined ? requests.length : requests.filter((entry) => entry.path === path).length),
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await Promise.all(servers.map(closeServer))
    },
  }
}

/** Listens on `host:port`: 'in-use' when another holds it, 'unavailable' when the machine has no such address. */
async function listen(server: Server, port: number, host: string): Promise<'listening' | 'in-use' | 'unavailable'> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? 'in-use' : 'unavailable')
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve('listening')
    })
  })
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

const fixtureFile = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')

/** Answers `body` as a page with `headers`, gzipped when the client takes it. */
export const page =
  (body: string, headers: Record<string, string> = {}): FixtureRoute =>
  (request, response) => {
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const bytes = gzip ? gzipSync(body) : Buffer.from(body)
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': bytes.length,
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      ...headers,
    })
    response.end(request.method === 'HEAD' ? undefined : bytes)
  }

const text =
  (body: string, type = 'text/plain'): FixtureRoute =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': type }).end(body)

/** The host the good fixture's page names itself by (its canonical, its sitemap): map it to the site in AUDIT_ALLOW_HOSTS. */
export const GOOD_SITE_HOST = 'www.alderoak.example'

/**
 * The well-built small business site (fixtures/good-page.html) over plain
 * http: the page gzipped with caching and the security headers, its
 * robots.txt, sitemap, scripts and every page it links to.
 */
export function goodSiteRoutes(): Record<string, FixtureRoute> {
  const headers = {
    'cache-control': 'public, max-age=300',
    etag: '"v1"',
    'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=()',
  }
  const links = [
    '/kitchens',
    '/staircases',
    '/fitted-furniture',
    '/about',
    '/contact',
    '/reviews',
    '/privacy',
    '/terms',
  ]
  return {
    '/': page(fixtureFile('good-page.html'), headers),
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: http://${GOOD_SITE_HOST}/sitemap.xml\n`),
    '/sitemap.xml': text(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${GOOD_SITE_HOST}/</loc></url></urlset>`,
      'application/xml',
    ),
    '/app.js': text('console.log("app")', 'text/javascript'),
    '/js/script.js': text('/* analytics */', 'text/javascript'),
    ...Object.fromEntries(links.map((link) => [link, page('<!doctype html><title>Alder & Oak</title>', headers)])),
  }
}

/** The poor small business site (fixtures/poor-page.html): the page alone, every other path 404. */
export function poorSiteRoutes(): Record<string, FixtureRoute> {
  return { '/': page(fixtureFile('poor-page.html')) }
}
