import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** Names the client a request came from, as the key the rate limits count by. */
export type ClientAddress = (c: Context) => string

/**
 * The address at the other end of the TCP connection. Only a request that
 * came through @hono/node-server has one: `app.request()` in tests has no
 * socket, so tests pass their own resolver instead.
 */
export function socketAddress(c: Context): string {
  let remote: string | undefined
  try {
    remote = getConnInfo(c).remote.address
  } catch {
    throw new Error('No socket for this request: outside the Node server, give createApp a clientAddress resolver')
  }
  // Node forgets the address once the client has hung up; nobody reads the answer then.
  return remote ?? 'unknown'
}

/**
 * Resolves the client's address given how many reverse proxies of our own
 * stand in front of the server (`TRUSTED_PROXIES`, server/README.md).
 *
 * - 0 (no proxy): the socket's address. X-Forwarded-For is ignored, since
 *   anyone can send it.
 * - N > 0: every proxy appends the address it received the request from to
 *   X-Forwarded-For. The rightmost N - 1 entries were therefore added by our
 *   own proxies about each other, and the N-th entry from the right was added
 *   by the outermost proxy: the client. Entries further left came from the
 *   client itself and are not trusted. Empty entries are skipped (they can only
 *   be in the client's part). A list shorter than N means the request did not
 *   pass all our proxies, so the socket's address is used.
 */
export function clientAddressResolver({
  trustedProxies,
  fromSocket = socketAddress,
}: {
  trustedProxies: number
  fromSocket?: ClientAddress
}): ClientAddress {
  if (trustedProxies === 0) return fromSocket
  return (c) => {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    return hops.length >= trustedProxies ? hops[hops.length - trustedProxies]! : fromSocket(c)
  }
}
