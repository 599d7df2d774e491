import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import yaml from 'js-yaml'
import { z } from 'zod'
import { site } from '#app/lib/site/site.ts'
import { canonicalTimeZone, isCalendarDate } from './zoned-time.ts'

/**
 * The agency's availability for the strategy call: the settings file (`availability.yaml`
 * beside this module, documented in it and in server/booking/README.md), checked when it is
 * loaded. A wrong file stops its reader with the file, each wrong field and what is wrong,
 * as a wrong content file stops the build (app/lib/content/collections.server.ts).
 */

/** Days of the week, in the order of `Date.prototype.getUTCDay` (0 is Sunday). */
export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const
export type Weekday = (typeof weekdays)[number]

/** A working period of one day: minutes after the team's midnight, `from` < `to` <= 1440. */
export interface Hours {
  from: number
  to: number
}

const periodRule = /^([01]\d|2[0-3]):([0-5]\d)-(([01]\d|2[0-3]):([0-5]\d)|24:00)$/

/** "HH:MM-HH:MM" on a 24-hour clock, start before end; "24:00" may end a period. */
const period = z.string().transform((text, context): Hours => {
  const match = periodRule.exec(text)
  if (!match) {
    context.addIssue({
      code: 'custom',
      message: `"${text}" must be written "HH:MM-HH:MM", such as "09:00-12:30" (24-hour clock, "24:00" for midnight at the end)`,
    })
    return z.NEVER
  }
  const from = Number(match[1]) * 60 + Number(match[2])
  const to = match[3] === '24:00' ? 1440 : Number(match[4]) * 60 + Number(match[5])
  if (from >= to) {
    context.addIssue({ code: 'custom', message: `"${text}" must start before it ends` })
    return z.NEVER
  }
  return { from, to }
})

/** "HH:MM-HH:MM", as the file writes a period. */
function formatPeriod(hours: Hours): string {
  const time = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return `${time(hours.from)}-${time(hours.to)}`
}

/** A day's periods, none overlapping another; sorted by start. */
const dayHours = z
  .array(period)
  .superRefine((periods, context) => {
    periods.forEach((later, index) => {
      const earlier = periods.slice(0, index).find((other) => other.from < later.to && later.from < other.to)
      if (earlier)
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `"${formatPeriod(later)}" overlaps "${formatPeriod(earlier)}"`,
        })
    })
  })
  .transform((periods) => [...periods].sort((a, b) => a.from - b.from))

const date = z.string().refine(isCalendarDate, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a date written YYYY-MM-DD`,
})

/** A short name: why the day is closed or different. */
const name = z.string().trim().min(1).max(80)

/** A whole number from `min` to `max`; a missing one is reported as missing (checkAvailability). */
function whole(unit: string, min: number, max: number) {
  const rule = `must be a whole number of ${unit} from ${min} to ${max}`
  return z
    .number({ error: (issue) => (issue.input === undefined ? undefined : rule) })
    .int({ error: rule })
    .min(min, { error: rule })
    .max(max, { error: rule })
}

const availabilitySchema = z
  .strictObject({
    /** The team's IANA time zone: working hours, holidays and the daily cap are in it. */
    timeZone: z.string().transform((value, context) => {
      const zone = canonicalTimeZone(value)
      if (zone) return zone
      context.addIssue({
        code: 'custom',
        message: `"${value}" is not an IANA time zone such as America/New_York (Intl does not know it)`,
      })
      return z.NEVER
    }),
    /** Free time before each call: no busy time or other call may fall in it. */
    bufferBeforeMinutes: whole('minutes', 0, 240),
    /** Free time after each call. */
    bufferAfterMinutes: whole('minutes', 0, 240),
    /** No call starts sooner than this after the moment of booking. */
    minimumNoticeHours: whole('hours', 0, 720),
    /** The last bookable day is this many days after the team's today. */
    horizonDays: whole('days', 1, 365),
    /** At most this many calls on one of the team's days. */
    maxCallsPerDay: whole('calls', 1, 48),
    /** Each weekday's periods; [] is closed. */
    weeklyHours: z.strictObject(
      Object.fromEntries(weekdays.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>,
    ),
    /** Days closed all day. */
    holidays: z.array(z.strictObject({ date, name })),
    /** Days with their own periods instead of the weekday's; [] closes the day. */
    overrides: z.array(z.strictObject({ date, name, hours: dayHours })),
  })
  .superRefine((settings, context) => {
    const seen = new Set<string>()
    settings.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.date))
        context.addIssue({
          code: 'custom',
          path: ['holidays', index, 'date'],
          message: `${holiday.date} is listed twice`,
        })
      seen.add(holiday.date)
    })
    const holidays = new Set(seen)
    seen.clear()
    settings.overrides.forEach((override, index) => {
      const problem = holidays.has(override.date)
        ? 'is also a holiday'
        : seen.has(override.date)
          ? 'is listed twice'
          : ''
      if (problem)
        context.addIssue({ code: 'custom', path: ['overrides', index, 'date'], message: `${override.date} ${problem}` })
      seen.add(override.date)
    })
  })
  // The call's length is the one the site's copy names (docs/product.md#brand-and-business-facts).
  .transform((settings) => ({ ...settings, slotMinutes: site.strategySession.minutes }))

/** The checked settings the slot engine reads (server/booking/slots.ts). */
export type Availability = z.output<typeof availabilitySchema>

/** A problem in the settings file; its message names the file and the field. */
export class AvailabilityError extends Error {
  override name = 'AvailabilityError'
}

/** The settings file the server reads: `availability.yaml` beside this module. */
export const availabilityFile = fileURLToPath(new URL('./availability.yaml', import.meta.url))

/** `file` as messages name it: relative to the working directory when inside it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file
}

/** Checks settings already parsed from `file`; throws an AvailabilityError listing every wrong field. */
export function checkAvailability(data: unknown, file: string): Availability {
  const result = availabilitySchema.safeParse(data, {
    error: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is missing' : undefined),
  })
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(file)'
    return `field "${field}": ${issue.message}`
  })
  throw new AvailabilityError(`${file}: ${problems.join('; ')}`)
}

/**
 * Parses the YAML text of `file` and checks it. YAML's JSON schema keeps `2026-11-26` and
 * `09:00-12:00` the strings they look like, as the content loader does (app/lib/content/files.ts).
 */
export function parseAvailability(text: string, file: string): Availability {
  let data: unknown
  try {
    data = yaml.load(text, { schema: yaml.JSON_SCHEMA, filename: file })
  } catch (error) {
    throw new AvailabilityError(`${file}: not valid YAML: ${(error as Error).message}`)
  }
  return checkAvailability(data, file)
}

/** Reads and checks the settings file (by default `server/booking/availability.yaml`). */
export function loadAvailability(file: string = availabilityFile): Availability {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new AvailabilityError(`${shown(file)}: cannot be read: ${(error as Error).message}`)
  }
  return parseAvailability(text, shown(file))
}
