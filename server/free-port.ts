import { once } from 'node:events'
import { createServer } from 'node:net'

/**
 * A TCP port on loopback that nothing listens on now, for the servers the
 * tests and benchmarks start themselves (Radicale, PostgreSQL, nginx, the
 * leads benchmark's server): the system picks it, and it is free again once
 * this returns.
 */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}
