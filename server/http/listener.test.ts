import { once } from 'node:events'
import { connect as http2Connect } from 'node:http2'
import { connect as tcpConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { afterAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { makeLocalCertificate } from './local-certificate.ts'
import { startTestServer } from '../test-server.ts'

// Real servers on loopback ports, real sockets: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The listener's limits (server/http/listener.ts), made small so that the tests are quick: Node's
// defaults held a request's body for 300 s and took any number of connections. Each check waits
// for the cut far longer than the limit (`HELD_MS`): a client still connected then is held.
const limits = { headersTimeoutMs: 300, requestTimeoutMs: 800, checkEveryMs: 50 }
const HELD_MS = 8000

/**
 * Writes `head` on `socket`, then `drip` every 100 ms, as a client too slow to ever finish; until
 * the server closes the connection, or `HELD_MS` have passed. What the server answered, and
 * whether it closed the connection.
 */
async function dribble(socket: Socket, head: string, drip: string) {
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  // A reset counts as closed.
  socket.on('error', () => {})
  // Not events.once: it rejects on the 'error' before a reset's 'close'.
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)))
  socket.write(head)
  const dripping = setInterval(() => {
    if (socket.writable) socket.write(drip)
  }, 100)
  const held = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), HELD_MS))
  const wasClosed = await Promise.race([closed, held])
  clearInterval(dripping)
  socket.destroy()
  return { closed: wasClosed, answer: Buffer.concat(chunks).toString('latin1') }
}

/** The request line and headers of a post whose 1,000-byte body comes a byte every 100 ms. */
const slowPost =
  'POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{'

/** The request line and headers up to one more header every 100 ms, never the blank line that ends them. */
const slowHeaders = 'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n'

describe('plain HTTP', async () => {
  const server = await startTestServer({}, { limits })
  const plain = () => tcpConnect(server.port, '127.0.0.1')

  test('a body that comes too slowly is cut off with 408 after the request timeout', async () => {
    const cut = await dribble(plain(), slowPost, ' ')
    expect(cut.closed).toBe(true)
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  test('headers that never end are cut off with 408 after the headers timeout; so is a client that sends nothing', async () => {
    const cut = await dribble(plain(), slowHeaders, 'X-More: 1\r\n')
    expect(cut.closed).toBe(true)
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /)
    const silent = await dribble(plain(), '', '')
    expect(silent.closed).toBe(true)
  })

  test('a request on time is answered as before', async () => {
    const response = await fetch(`${server.url}/about`)
    expect(response.status).toBe(200)
  })
})

describe('HTTPS: HTTP/2 and HTTP/1.1 over TLS', async () => {
  const certificate = makeLocalCertificate()
  afterAll(() => certificate.remove())
  const server = await startTestServer(
    { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile },
    { limits },
  )
  const overTls = () =>
    tlsConnect({ port: server.port, host: '127.0.0.1', ca: certificate.cert, ALPNProtocols: ['http/1.1'] })

  test('HTTP/2: a stream whose body comes too slowly gets 408 after the request timeout', async () => {
    const session = http2Connect(server.url, { ca: certificate.cert })
    session.on('error', () => {})
    try {
      const stream = session.request({ ':method': 'POST', ':path': '/api/leads', 'content-type': 'application/json' })
      stream.on('error', () => {})
      stream.resume()
      stream.write('{')
      const dripping = setInterval(() => {
        if (stream.writable) stream.write(' ')
      }, 100)
      const answer = await Promise.race([
        once(stream, 'response').then(([headers]) => Number((headers as Record<string, string>)[':status'])),
        once(stream, 'close').then(() => 'closed' as const),
        new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), HELD_MS)),
      ])
      clearInterval(dripping)
      expect(answer).toBe(408)
      // The session itself goes on: a page on the same connection.
      const page = session.request({ ':path': '/about' })
      const [headers] = (await once(page, 'response')) as [Record<string, string>]
      page.resume()
      expect(Number(headers[':status'])).toBe(200)
    } finally {
      session.close()
    }
  })

  test('HTTP/1.1 over TLS: a body that comes too slowly is cut off with 408', async () => {
    const cut = await dribble(overTls(), slowPost, ' ')
    expect(cut.closed).toBe(true)
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  test('HTTP/1.1 over TLS: headers that never end are cut off with 408', async () => {
    const cut = await dribble(overTls(), slowHeaders, 'X-More: 1\r\n')
    expect(cut.closed).toBe(true)
    expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  test('a connection that never starts its TLS handshake is closed', async () => {
    const silent = await dribble(tcpConnect(server.port, '127.0.0.1'), '', '')
    expect(silent.closed).toBe(true)
  })
})

describe('the connection cap', () => {
  /** A connection that has had an answer and stays open (keep-alive), or the reason it has none. */
  async function keptOpen(connect: () => Socket): Promise<{ socket: Socket; answer: string }> {
    const socket = connect()
    socket.on('error', () => {})
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    const answered = new Promise<void>((resolve) => {
      socket.on('data', () => {
        // The whole page: the last bytes of the build's /about.
        if (Buffer.concat(chunks).toString('latin1').includes('</html>')) resolve()
      })
    })
    const closed = new Promise((resolve) => socket.once('close', resolve))
    await Promise.race([answered, closed, new Promise((resolve) => setTimeout(resolve, HELD_MS))])
    return { socket, answer: Buffer.concat(chunks).toString('latin1') }
  }

  for (const protocol of ['http', 'https'] as const) {
    test(`${protocol}: connections beyond the cap are closed unanswered; one closed makes room`, async () => {
      const certificate = makeLocalCertificate()
      onTestFinished(() => certificate.remove())
      const tls: Record<string, string> =
        protocol === 'https' ? { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile } : {}
      // The timeouts as in production: the open connections stay open while the test looks.
      const server = await startTestServer(tls, { limits: { maxConnections: 3 } })
      const connect = () =>
        protocol === 'https'
          ? tlsConnect({ port: server.port, host: '127.0.0.1', ca: certificate.cert, ALPNProtocols: ['http/1.1'] })
          : tcpConnect(server.port, '127.0.0.1')
      const open = await Promise.all([1, 2, 3].map(() => keptOpen(connect)))
      for (const { answer } of open) expect(answer).toMatch(/^HTTP\/1\.1 200 /)

      const refused = await keptOpen(connect)
      expect(refused.socket.destroyed).toBe(true)
      expect(refused.answer).toBe('')

      const first = open[0]!.socket
      const gone = new Promise((resolve) => first.once('close', resolve))
      first.destroy()
      await gone
      // The server counts the closed connection once it has seen it go: a few tries at most.
      let again = await keptOpen(connect)
      for (let tries = 1; tries < 20 && again.answer === ''; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        again = await keptOpen(connect)
      }
      expect(again.answer).toMatch(/^HTTP\/1\.1 200 /)
      for (const { socket } of [...open, again]) socket.destroy()
    })
  }
})
