import type { Server } from 'node:http'
import { constants, type Http2SecureServer, type ServerHttp2Stream } from 'node:http2'
import { createAdaptorServer } from '@hono/node-server'
import type { tlsServerOptions } from './tls.ts'

/**
 * How long a client may take and how many may be connected at once: Node's
 * defaults hold a request's body for 300 s and take any number of
 * connections, so a few slow clients could hold the server (issue 38). The
 * numbers are for a small site whose requests are pages, assets and forms of
 * a few kilobytes (server/README.md, "Connections").
 */
export interface ListenerLimits {
  /** A request's headers, from the connection's start (or the end of the previous answer). */
  headersTimeoutMs: number
  /** The whole request, headers and body; then 408 and the connection closed (HTTP/2: that stream). */
  requestTimeoutMs: number
  /** An HTTP/1.1 connection idle between two requests (nginx must close its own first: docs/deploy.md). */
  keepAliveTimeoutMs: number
  /** A connection (an HTTP/2 session) with nothing sent either way: a client that stopped reading, say. */
  idleTimeoutMs: number
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number
  /** How often Node checks the header and request deadlines (its default, 30 s, would stretch 10 s to 40). */
  checkEveryMs: number
  /** Memory an HTTP/2 session may use, in megabytes (Node's default: 10). */
  maxSessionMemoryMb: number
  /** Requests under way at once on an HTTP/2 session. */
  maxConcurrentStreams: number
}

export const LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  maxConnections: 300,
  checkEveryMs: 1_000,
  maxSessionMemoryMb: 4,
  maxConcurrentStreams: 100,
}

/**
 * The site's listener with `limits`: `@hono/node-server`'s server for
 * `fetch`, plain HTTP/1.1, or with `tls` (server/http/tls.ts) HTTP/2 and
 * HTTP/1.1 over TLS; listening on `port` and `hostname` once returned.
 */
export function listenWithLimits({
  fetch,
  port,
  hostname,
  tls,
  limits,
}: {
  fetch: (request: Request) => Response | Promise<Response>
  port: number
  hostname: string
  tls: ReturnType<typeof tlsServerOptions>
  limits: ListenerLimits
}): Server | Http2SecureServer {
  const server = tls
    ? createAdaptorServer({
        fetch,
        hostname,
        createServer: tls.createServer,
        serverOptions: {
          ...tls.serverOptions,
          // The TLS handshake counts as part of the headers.
          handshakeTimeout: limits.headersTimeoutMs,
          maxSessionMemory: limits.maxSessionMemoryMb,
          settings: { maxConcurrentStreams: limits.maxConcurrentStreams },
        },
      })
    : createAdaptorServer({ fetch, hostname })
  withLimits(server as Server | Http2SecureServer, limits)
  return server.listen(port, hostname) as Server | Http2SecureServer
}

/**
 * Sets `limits` on an HTTP/1.1 server (`node:http`) or an HTTP/2 secure
 * server that also speaks HTTP/1.1, before it listens: both take HTTP/1.1's
 * deadlines, checked every `checkEveryMs`; an HTTP/2 stream whose request has
 * not arrived whole after `requestTimeoutMs` gets 408 and is closed, as
 * HTTP/1.1's `requestTimeout` does.
 */
export function withLimits<S extends Server | Http2SecureServer>(server: S, limits: ListenerLimits): S {
  const http1 = server as Server
  http1.headersTimeout = limits.headersTimeoutMs
  http1.requestTimeout = limits.requestTimeoutMs
  http1.keepAliveTimeout = limits.keepAliveTimeoutMs
  // Read once the server listens (Node's setupConnectionsTracking).
  Object.assign(server, { connectionsCheckingInterval: limits.checkEveryMs })
  server.maxConnections = limits.maxConnections
  // HTTP/1.1: the socket's inactivity; HTTP/2: the session's, closed when it ends.
  http1.setTimeout(limits.idleTimeoutMs)
  if ('updateSettings' in server) {
    server.on('stream', (stream: ServerHttp2Stream) => requestDeadline(stream, limits.requestTimeoutMs))
  }
  return server
}

/** A stream whose request body has not all arrived after `ms`: 408, and the stream closed. */
function requestDeadline(stream: ServerHttp2Stream, ms: number) {
  // A request without a body (a GET) has all arrived with its headers.
  if (stream.endAfterHeaders) return
  const timer = setTimeout(() => {
    if (stream.destroyed || stream.closed) return
    if (!stream.headersSent) {
      stream.respond({ ':status': 408, 'content-type': 'text/plain; charset=utf-8' })
      stream.end('Request timeout\n')
    }
    // RST_STREAM with NO_ERROR after the answer: the client may stop sending (RFC 9113, 8.1).
    stream.close(constants.NGHTTP2_NO_ERROR)
  }, ms)
  timer.unref()
  // The body read to its end (the app took it), or the stream over.
  stream.once('end', () => clearTimeout(timer))
  stream.once('close', () => clearTimeout(timer))
}
