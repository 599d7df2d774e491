import path from 'node:path'
import { expect, test } from 'vitest'
import { readServerEnv } from './env.ts'

test('defaults: port 3000 on every interface, the build in build/client, no trusted proxy, leads under data/', () => {
  expect(readServerEnv({})).toEqual({
    PORT: 3000,
    HOST: '0.0.0.0',
    CLIENT_DIR: 'build/client',
    TRUSTED_PROXIES: 0,
    SITE_ORIGIN: 'https://northpeak.example',
    DATA_DIR: 'data',
    DATABASE_PATH: path.join('data', 'leads.sqlite'),
    LEAD_RATE_LIMIT: 6,
    BOOKING_NETWORK_LIMIT: 2,
    BOOKING_SURGE_LIMIT: 8,
    MAIL_FROM: 'Northpeak <hello@northpeak.example>',
    LEAD_NOTIFY_TO: 'hello@northpeak.example',
    OUTBOX_MAX_ATTEMPTS: 8,
    OUTBOX_RETRY_BASE_MS: 60_000,
    OUTBOX_LEASE_MS: 300_000,
    AUDIT_VISITOR_LIMIT: 10,
    AUDIT_HOST_LIMIT: 6,
    AUDIT_CONCURRENCY: 4,
  })
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

test('the database goes under DATA_DIR unless DATABASE_PATH names it', () => {
  expect(readServerEnv({ DATA_DIR: '/var/lib/northpeak' }).DATABASE_PATH).toBe('/var/lib/northpeak/leads.sqlite')
  expect(readServerEnv({ DATA_DIR: '/srv', DATABASE_PATH: '/db/leads.db' }).DATABASE_PATH).toBe('/db/leads.db')
})

test('lead settings: a wrong value stops the server with the setting named', () => {
  const wrong: Record<string, string>[] = [
    { LEAD_RATE_LIMIT: '-1' },
    { LEAD_RATE_LIMIT: 'six' },
    { OUTBOX_MAX_ATTEMPTS: '0' },
    { LEAD_WEBHOOK_URL: 'ftp://hooks.example/lead', LEAD_WEBHOOK_SECRET: 'a-long-enough-secret' },
    { SMTP_URL: 'http://mail.example' },
    { LEAD_NOTIFY_TO: 'team at northpeak' },
    { SITE_ORIGIN: 'https://northpeak.example/' },
  ]
  for (const env of wrong) {
    const [name] = Object.keys(env)
    expect(() => readServerEnv(env), name).toThrow(new RegExp(`Invalid server environment: ${name}`))
  }
  expect(readServerEnv({ LEAD_RATE_LIMIT: '0' }).LEAD_RATE_LIMIT).toBe(0)
})

test('a webhook needs its signing secret', () => {
  expect(() => readServerEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/lead' })).toThrow(
    'Invalid server environment: LEAD_WEBHOOK_SECRET: is required when LEAD_WEBHOOK_URL is set',
  )
  expect(() => readServerEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/lead', LEAD_WEBHOOK_SECRET: 'short' })).toThrow(
    /LEAD_WEBHOOK_SECRET: must be at least 16 characters/,
  )
  const env = readServerEnv({
    LEAD_WEBHOOK_URL: 'https://hooks.example/lead',
    LEAD_WEBHOOK_SECRET: 'a-long-enough-secret',
  })
  expect(env.LEAD_WEBHOOK_URL).toBe('https://hooks.example/lead')
})

test('DATABASE_URL names a PostgreSQL database, or nothing', () => {
  const url = 'postgres://northpeak:secret@db.internal:5432/leads'
  expect(readServerEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url)
  expect(readServerEnv({ DATABASE_URL: 'postgresql://db/leads' }).DATABASE_URL).toBe('postgresql://db/leads')
  expect(readServerEnv({}).DATABASE_URL).toBeUndefined()
  for (const wrong of ['mysql://db/leads', 'db.internal:5432', 'leads.sqlite']) {
    expect(() => readServerEnv({ DATABASE_URL: wrong }), wrong).toThrow(
      /Invalid server environment: DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    )
  }
})

test('a setting the server no longer reads, such as FORM_COOKIE_SECRET of earlier releases, does not stop it', () => {
  expect(readServerEnv({ FORM_COOKIE_SECRET: 'a-secret-of-an-earlier-release-0123456789' })).toEqual(readServerEnv({}))
})

test("the team's calendar: CALDAV_URL, CALDAV_USERNAME and CALDAV_PASSWORD all, or none", () => {
  const calendar = {
    CALDAV_URL: 'https://dav.example.com/team/work/',
    CALDAV_USERNAME: 'team',
    CALDAV_PASSWORD: 'app-password',
  }
  expect(readServerEnv(calendar)).toMatchObject(calendar)
  expect(readServerEnv({}).CALDAV_URL).toBeUndefined()
  expect(() => readServerEnv({ CALDAV_URL: calendar.CALDAV_URL })).toThrow(
    'Invalid server environment: CALDAV_USERNAME: is required when CALDAV_URL is set; CALDAV_PASSWORD: is required when CALDAV_URL is set',
  )
  expect(() => readServerEnv({ CALDAV_USERNAME: 'team', CALDAV_PASSWORD: 'app-password' })).toThrow(
    'Invalid server environment: CALDAV_URL: is required when CALDAV_USERNAME and CALDAV_PASSWORD are set',
  )
  for (const wrong of ['webcal://dav.example.com/team/work/', 'dav.example.com/team/work/', 'https://[::1']) {
    expect(() => readServerEnv({ ...calendar, CALDAV_URL: wrong }), wrong).toThrow(
      'Invalid server environment: CALDAV_URL: must be an http(s) URL',
    )
  }
  expect(() =>
    readServerEnv({ ...calendar, CALDAV_URL: 'https://team:app-password@dav.example.com/team/work/' }),
  ).toThrow(
    'Invalid server environment: CALDAV_URL: must not hold the credentials: set CALDAV_USERNAME and CALDAV_PASSWORD',
  )
})

test('BOOKING_SECRET: 32 characters or more; set but empty, blank or short, it stops the server, named', () => {
  const secret = 'a-booking-secret-of-32-characters-or-more'
  expect(readServerEnv({ BOOKING_SECRET: secret }).BOOKING_SECRET).toBe(secret)
  // Left out, one is generated into DATA_DIR (server/booking/secret.ts).
  expect(readServerEnv({}).BOOKING_SECRET).toBeUndefined()
  // A deploy whose secret store lost the value must not start with a secret of its own.
  for (const blank of ['', '   ', '\n']) {
    expect(() => readServerEnv({ BOOKING_SECRET: blank }), JSON.stringify(blank)).toThrow(
      'Invalid server environment: BOOKING_SECRET: is set but empty: set the secret every instance shares (32 characters or more), or leave the variable out to have one generated in DATA_DIR',
    )
  }
  for (const short of ['short', 'x'.repeat(31), `  ${'x'.repeat(30)}  `]) {
    expect(() => readServerEnv({ BOOKING_SECRET: short }), short).toThrow(
      'Invalid server environment: BOOKING_SECRET: must be at least 32 characters',
    )
  }
})

test('MEETING_URL: an https link, or nothing (then the host phones the booker); anything else stops the server, named', () => {
  expect(readServerEnv({}).MEETING_URL).toBeUndefined()
  expect(readServerEnv({ MEETING_URL: '' }).MEETING_URL).toBeUndefined()
  expect(readServerEnv({ MEETING_URL: 'https://meet.example.com/northpeak-strategy' }).MEETING_URL).toBe(
    'https://meet.example.com/northpeak-strategy',
  )
  for (const wrong of [
    'http://meet.example.com/call',
    'meet.example.com/call',
    'javascript:alert(1)',
    'ftp://x.example',
  ]) {
    expect(() => readServerEnv({ MEETING_URL: wrong }), wrong).toThrow(
      'Invalid server environment: MEETING_URL: must be an https:// URL, the link every booker opens to join the video call',
    )
  }
  expect(() => readServerEnv({ MEETING_URL: 'https://host:secret@meet.example.com/call' })).toThrow(
    'Invalid server environment: MEETING_URL: must not hold a user name or password: it is sent to every booker',
  )
})

test('the grader reaches fixture sites on this machine only in a test run: refused at start otherwise', () => {
  const fixtures = { AUDIT_ALLOW_HOSTS: 'good.test=127.0.0.1:41001' }
  for (const mode of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'development' }]) {
    expect(() => readServerEnv({ ...fixtures, ...mode }), JSON.stringify(mode)).toThrow(
      'Invalid server environment: AUDIT_ALLOW_HOSTS: is for tests only: the server refuses it unless NODE_ENV=test',
    )
  }
  expect(() => readServerEnv({ PSI_API_URL: 'http://127.0.0.1:9/psi' })).toThrow(/PSI_API_URL: is for tests only/)
  expect(readServerEnv({ ...fixtures, NODE_ENV: 'test' }).AUDIT_ALLOW_HOSTS).toEqual(
    new Map([['good.test', { address: '127.0.0.1', port: 41001 }]]),
  )
  expect(() => readServerEnv({ AUDIT_ALLOW_HOSTS: 'good.test', NODE_ENV: 'test' })).toThrow(
    /AUDIT_ALLOW_HOSTS: .*good\.test/,
  )
})
