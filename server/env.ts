import path from 'node:path'
import { z } from 'zod'
import { originSchema } from '#app/lib/site/build-env.ts'
import { site } from '#app/lib/site/site.ts'
import { defaultBookingLimits } from './booking/limits.ts'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import { parseAllowHosts } from './audit/safe-fetch.ts'

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

const serverEnvSchema = z
  .object({
    /** Port to listen on. */
    PORT: count(1, 65535).default(3000),
    /** Interface to bind; all of them by default. */
    HOST: z.string().min(1).default('0.0.0.0'),
    /**
     * A PEM certificate (chain) and its private key: with both, the server speaks HTTPS, HTTP/2
     * to browsers and HTTP/1.1 to older clients (server/http/tls.ts). Without them, plain HTTP/1.1
     * behind something that terminates TLS.
     */
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    /** With TLS: a port (usually 80) where plain-HTTP requests are redirected to HTTPS. */
    HTTP_REDIRECT_PORT: count(1, 65535).optional(),
    /** Folder of the built site's static files (astro build + scripts/postbuild.ts). */
    CLIENT_DIR: z.string().min(1).default('build/client'),
    /**
     * How many reverse proxies of our own stand in front of the server. 0: the
     * client is the socket's peer and X-Forwarded-For is ignored. N: the client
     * is the N-th X-Forwarded-For entry from the right (server/http/client-address.ts).
     * More than 10 would be a mistake, not a network.
     */
    TRUSTED_PROXIES: count(0, 10).default(0),
    /** The site's public origin, for absolute links in mails (the same setting as the build's). */
    SITE_ORIGIN: originSchema.default('https://northpeak.example'),
    /** Folder of the server's data: the lead database and, without SMTP_URL, the mails. Created at start. */
    DATA_DIR: z.string().min(1).default('data'),
    /** The SQLite lead database; `<DATA_DIR>/leads.sqlite` by default. Unused with DATABASE_URL. */
    DATABASE_PATH: z.string().min(1).optional(),
    /**
     * A PostgreSQL database (postgres://user:password@host:5432/name) for the leads, the outbox and
     * the rate limits, shared by several server instances; none: the SQLite file DATABASE_PATH.
     */
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    /** Lead submissions a minute per client address; 0 turns the limit off. */
    LEAD_RATE_LIMIT: count(0, 100_000).default(6),
    /**
     * Bookings one network (an IPv4 address, an IPv6 /64) may make in 24 hours; 0 turns the limit
     * off (server/booking/limits.ts, docs/decisions/042-nobody-floods-the-calendar.md).
     */
    BOOKING_NETWORK_LIMIT: count(0, 1000).default(defaultBookingLimits.perNetworkPerDay),
    /**
     * Bookings made site-wide in 24 hours from which each new one is held until its visitor
     * confirms it by mail, and the team is told once; 0: never held.
     */
    BOOKING_SURGE_LIMIT: count(0, 10_000).default(defaultBookingLimits.surgePerDay),
    /** Where every lead is posted as signed JSON, through the outbox. None by default. */
    LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Signs the webhook's requests (Northpeak-Signature); required with LEAD_WEBHOOK_URL. */
    LEAD_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /** SMTP server for mails, e.g. smtps://user:pass@smtp.example.com; without it mails go to <DATA_DIR>/mail/. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    /** Sender of every mail. */
    MAIL_FROM: z.string().min(3).default(`${site.name} <${site.email}>`),
    /** Who gets the notice of each new lead. */
    LEAD_NOTIFY_TO: z.email({ error: 'must be an e-mail address' }).default(site.email),
    /**
     * Signs the reschedule and cancel links of booked calls (server/booking/tokens.ts), at least
     * 32 characters; without it one is generated and kept in <DATA_DIR>/booking-secret. Instances
     * sharing DATABASE_URL must share it. Set but empty (a secret store that lost the value) stops
     * the start rather than have each instance sign with a secret of its own (issue 38).
     */
    BOOKING_SECRET: z
      .string()
      .superRefine((value, context) => {
        const length = value.trim().length
        if (length === 0) {
          context.addIssue({
            code: 'custom',
            message:
              'is set but empty: set the secret every instance shares (32 characters or more), or leave the variable out to have one generated in DATA_DIR',
          })
        } else if (length < 32) {
          context.addIssue({ code: 'custom', message: 'must be at least 32 characters' })
        }
      })
      .optional(),
    /** Tries of a delivery before it is marked failed. */
    OUTBOX_MAX_ATTEMPTS: count(1, 100).default(8),
    /** Wait after a delivery's first failed try, in ms; doubled after each one, up to an hour. */
    OUTBOX_RETRY_BASE_MS: count(1, 3_600_000).default(60_000),
    /** How long one try may hold a delivery, in ms; after a crash it is tried again once this has passed. */
    OUTBOX_LEASE_MS: count(100, 3_600_000).default(300_000),
    /**
     * The team's calendar, a CalDAV collection whose busy time is taken out of the booking slots
     * (server/booking/caldav.ts), read with basic auth as CALDAV_USERNAME and CALDAV_PASSWORD.
     * All three or none; none: the slots come from the availability settings alone.
     */
    CALDAV_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine((url) => !URL.parse(url)?.username && !URL.parse(url)?.password, {
        error: 'must not hold the credentials: set CALDAV_USERNAME and CALDAV_PASSWORD',
      })
      .optional(),
    /**
     * The video call's link, the same for every strategy call (an https URL): with it each call is a
     * video call at that link, named in the invitation's LOCATION and URL; without it the host phones
     * the number the booker gives (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
     */
    MEETING_URL: z
      .url({
        protocol: /^https$/,
        error: 'must be an https:// URL, the link every booker opens to join the video call',
      })
      .refine((url) => !URL.parse(url)?.username && !URL.parse(url)?.password, {
        error: 'must not hold a user name or password: it is sent to every booker',
      })
      .optional(),
    CALDAV_USERNAME: z.string().optional(),
    CALDAV_PASSWORD: z.string().optional(),
    /** The mode the libraries read; `test` only lets AUDIT_ALLOW_HOSTS and PSI_API_URL through. */
    NODE_ENV: z.string().optional(),
    /**
     * The instant audit (server/audit/, docs/decisions/054-the-instant-audit.md): gradings one client
     * address may ask for in an hour, and fresh gradings of one website (its host) in an hour; 0
     * turns a limit off.
     */
    AUDIT_VISITOR_LIMIT: count(0, 10_000).default(AUDIT_LIMITS.perVisitorPerHour),
    AUDIT_HOST_LIMIT: count(0, 10_000).default(AUDIT_LIMITS.perHostPerHour),
    /** Gradings run at once by this process; the others wait their turn (at most AUDIT_LIMITS.queue). */
    AUDIT_CONCURRENCY: count(1, 64).default(AUDIT_LIMITS.concurrency),
    /**
     * With it, each report adds Google's PageSpeed Insights figures for the page (a key from the
     * Google Cloud console); without it, the report says it did not ask for them.
     */
    PSI_API_KEY: z.string().min(1).optional(),
    /** Tests only (NODE_ENV=test): where PageSpeed Insights is asked instead of Google's API. */
    PSI_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /**
     * Tests only (NODE_ENV=test): fixture websites on this machine the grader may fetch,
     * `name=address:port` separated by commas (`good.test=127.0.0.1:41001`). Every other address is
     * checked as on a real server: public addresses on ports 80 and 443 only.
     */
    AUDIT_ALLOW_HOSTS: z
      .string()
      .transform((value, context) => {
        try {
          return parseAllowHosts(value)
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message })
          return z.NEVER
        }
      })
      .optional(),
  })
  .superRefine((env, context) => {
    // A production server never fetches this machine's own network for a visitor.
    for (const name of ['AUDIT_ALLOW_HOSTS', 'PSI_API_URL'] as const) {
      if (env[name] !== undefined && env.NODE_ENV !== 'test') {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'is for tests only: the server refuses it unless NODE_ENV=test',
        })
      }
    }
  })
  .superRefine((env, context) => {
    for (const [name, other] of [
      ['TLS_KEY_FILE', 'TLS_CERT_FILE'],
      ['TLS_CERT_FILE', 'TLS_KEY_FILE'],
    ] as const) {
      if (env[other] && !env[name]) {
        context.addIssue({ code: 'custom', path: [name], message: `is required when ${other} is set` })
      }
    }
    if (env.HTTP_REDIRECT_PORT && !env.TLS_CERT_FILE) {
      context.addIssue({
        code: 'custom',
        path: ['HTTP_REDIRECT_PORT'],
        message: 'needs TLS_CERT_FILE and TLS_KEY_FILE: it redirects to HTTPS',
      })
    }
    if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['LEAD_WEBHOOK_SECRET'],
        message: 'is required when LEAD_WEBHOOK_URL is set',
      })
    }
  })
  .superRefine((env, context) => {
    const calendar = ['CALDAV_URL', 'CALDAV_USERNAME', 'CALDAV_PASSWORD'] as const
    const set = calendar.filter((name) => env[name] !== undefined)
    if (set.length === 0 || set.length === calendar.length) return
    const given = set.length === 1 ? `${set[0]} is` : `${set.slice(0, -1).join(', ')} and ${set.at(-1)} are`
    for (const name of calendar.filter((name) => env[name] === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: `is required when ${given} set` })
    }
  })
  .transform((env) => ({ ...env, DATABASE_PATH: env.DATABASE_PATH ?? path.join(env.DATA_DIR, 'leads.sqlite') }))

export type ServerEnv = z.output<typeof serverEnvSchema>

/**
 * The settings an empty value does not leave out: BOOKING_SECRET= is a secret
 * that went missing, not a wish to have one generated.
 */
const keptWhenEmpty = new Set<keyof ServerEnv>(['BOOKING_SECRET'])

/**
 * Reads the server's settings, stopping at boot with a clear message when one
 * is wrong. An empty variable counts as not set, but for those of `keptWhenEmpty`.
 */
export function readServerEnv(env: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(
    Object.fromEntries(
      Object.entries(env).filter(
        ([name, value]) => value !== undefined && (value !== '' || keptWhenEmpty.has(name as keyof ServerEnv)),
      ),
    ),
  )
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid server environment: ${problems.join('; ')}`)
  }
  return result.data
}
