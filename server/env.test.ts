import { expect, test } from 'vitest'
import { readServerEnv } from './env.ts'

test('defaults: port 3000 on every interface, the build in build/client, no trusted proxy', () => {
  expect(readServerEnv({})).toEqual({ PORT: 3000, HOST: '0.0.0.0', CLIENT_DIR: 'build/client', TRUSTED_PROXIES: 0 })
  expect(readServerEnv({ TRUSTED_PROXIES: '' }).TRUSTED_PROXIES).toBe(0)
})

test('TRUSTED_PROXIES is a count of proxies', () => {
  expect(readServerEnv({ TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2)
  for (const wrong of ['-1', '1.5', 'yes', '11']) {
    expect(() => readServerEnv({ TRUSTED_PROXIES: wrong }), wrong).toThrow(
      /Invalid server environment: TRUSTED_PROXIES/,
    )
  }
})

test('a wrong PORT stops the server with the setting named', () => {
  expect(() => readServerEnv({ PORT: '70000' })).toThrow(/Invalid server environment: PORT/)
})
