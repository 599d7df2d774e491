import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2'
import { createSecureContext } from 'node:tls'
import type { ServerEnv } from '../env.ts'
import { pathOnThisSite } from './pages.ts'

/**
 * What `serve()` needs to speak HTTPS itself (TLS_CERT_FILE and TLS_KEY_FILE):
 * HTTP/2 to every client that offers it in the TLS handshake (all browsers),
 * HTTP/1.1 to the rest. Over HTTP/2 a page's scripts share the connection the
 * page came on, with no new handshake each (docs/deploy.md). Undefined without
 * a certificate. A file that cannot be read, or a key that does not belong to
 * the certificate, stops the server at start with the setting named.
 */
export function tlsServerOptions(env: Pick<ServerEnv, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>) {
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return undefined
  const cert = readPem('TLS_CERT_FILE', env.TLS_CERT_FILE)
  const key = readPem('TLS_KEY_FILE', env.TLS_KEY_FILE)
  try {
    createSecureContext({ cert, key })
  } catch (error) {
    throw new Error(
      `TLS_CERT_FILE and TLS_KEY_FILE do not make a certificate and its key: ${(error as Error).message}`,
      {
        cause: error,
      },
    )
  }
  return { createServer: createSecureServer, serverOptions: { cert, key, allowHTTP1: true } }
}

function readPem(name: string, file: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new Error(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`, { cause: error })
  }
}

/**
 * An HTTP/2 server's `close()` waits for every session to end, and a browser
 * keeps its session open. The function returned closes each open session
 * gracefully: requests in flight finish, no new one is taken. Call it after
 * `close()`.
 */
export function sessionCloser(server: Http2SecureServer): () => void {
  const sessions = new Set<Http2Session>()
  server.on('session', (session: Http2Session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  return () => {
    for (const session of sessions) session.close()
  }
}

/**
 * A plain-HTTP listener that sends every request to the same address over
 * HTTPS on `httpsPort` (HTTP_REDIRECT_PORT): 301 for GET and HEAD, 308 for
 * the rest, which keeps a form post a post. The host is the one the client
 * asked for; a Host header that is no host name gets 400. The rest of the
 * address is the request's path and query only (`pathAndQuery`).
 */
export function redirectToHttps(httpsPort: number): Server {
  return createServer((request, response) => {
    let hostname: string
    try {
      hostname = new URL(`http://${request.headers.host ?? ''}`).hostname
    } catch {
      hostname = ''
    }
    if (hostname === '') {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('A valid Host header is needed\n')
      return
    }
    const path = pathAndQuery(request.url ?? '')
    if (path === undefined) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('A path is needed\n')
      return
    }
    const target = `https://${hostname}${httpsPort === 443 ? '' : `:${httpsPort}`}${path}`
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308
    response.writeHead(status, { location: target, 'content-length': '0' }).end()
  })
}

/**
 * The path and query of a request target, as a path on this site
 * (`pathOnThisSite`: one "/" first), or undefined for a target that names
 * none ("*", another scheme). A target in absolute form
 * ("http://evil.example/x") names a host of the client's choosing: only its
 * path and query are kept. Pasted after the host as it came, such a target
 * made "https://hosthttp://evil.example/x", and "//evil.example" after a
 * host-less base would name that host.
 */
function pathAndQuery(target: string): string | undefined {
  let url: URL
  try {
    url = new URL(target.startsWith('/') ? `http://localhost${target}` : target)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return `${pathOnThisSite(url.pathname)}${url.search}`
}
