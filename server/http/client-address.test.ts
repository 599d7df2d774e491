import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { clientAddressResolver, type ClientAddress } from './client-address.ts'

/** Asks `resolve` who sent a request with the given X-Forwarded-For, the socket being 192.0.2.1. */
async function resolved(trustedProxies: number, forwardedFor?: string): Promise<string> {
  const resolve = clientAddressResolver({ trustedProxies, fromSocket: () => '192.0.2.1' })
  const app = new Hono().get('/', (c) => c.text(resolve(c)))
  const response = await app.request(
    '/',
    forwardedFor === undefined ? {} : { headers: { 'X-Forwarded-For': forwardedFor } },
  )
  return response.text()
}

describe('clientAddressResolver', () => {
  test('without trusted proxies, X-Forwarded-For is ignored: the socket names the client', async () => {
    expect(await resolved(0)).toBe('192.0.2.1')
    expect(await resolved(0, '203.0.113.9')).toBe('192.0.2.1')
  })

  test('behind one proxy, the rightmost entry (added by that proxy) names the client', async () => {
    expect(await resolved(1, '203.0.113.9')).toBe('203.0.113.9')
    // Whatever the client wrote itself stays on the left.
    expect(await resolved(1, '10.9.9.9, 198.51.100.1,203.0.113.9')).toBe('203.0.113.9')
  })

  test('behind two proxies, the second entry from the right names the client', async () => {
    // The client 203.0.113.9 reached the outer proxy, which reached the inner one from 10.0.0.2.
    expect(await resolved(2, '203.0.113.9, 10.0.0.2')).toBe('203.0.113.9')
    expect(await resolved(2, 'forged, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9')
  })

  test('empty entries are skipped', async () => {
    expect(await resolved(2, ', 203.0.113.9, , 10.0.0.2')).toBe('203.0.113.9')
  })

  test('a list shorter than the proxy count falls back to the socket', async () => {
    expect(await resolved(2, '203.0.113.9')).toBe('192.0.2.1')
    expect(await resolved(1)).toBe('192.0.2.1')
    expect(await resolved(1, ' , ')).toBe('192.0.2.1')
  })
})

test('by default the address comes from the socket of the Node server', async () => {
  const resolve: ClientAddress = clientAddressResolver({ trustedProxies: 0 })
  const app = new Hono().get('/', (c) => c.text(resolve(c)))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })
    expect(await response.text()).toBe('127.0.0.1')
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})

test('outside the Node server there is no socket, and the error says what to do', async () => {
  const resolve = clientAddressResolver({ trustedProxies: 0 })
  const app = new Hono().get('/', (c) => c.text(resolve(c)))
  app.onError((error, c) => c.text(error.message, 500))
  expect(await (await app.request('/')).text()).toMatch(/give createApp a clientAddress resolver/)
})
