/**
 * Sample data for the demo dashboard (docs/product.md#analytics-dashboard-demo):
 * 180 days of traffic, leads and revenue for a fictional client, from a
 * seeded generator, so the pre-rendered page, the browser and the tests all
 * see the same figures. Pure: no React, no DOM, no clock. Nothing here is a
 * client's result.
 *
 * Counts are whole numbers and each funnel stage is drawn from the one
 * before it, so a stage never holds more than the previous one; totals are
 * sums of the channels, so channels always add up to the total.
 */

/** The fictional client the sample data belongs to. */
export const SAMPLE_CLIENT = 'Fieldstone Software'

/** The seed of the data the page shows. */
export const SAMPLE_SEED = 20_261_031

/** The last day of the sample data (UTC), so the page never depends on today's date. */
export const SAMPLE_END = '2026-10-31'

/** Days generated: the longest range and the period before it. */
export const SAMPLE_DAYS = 180

export const ranges = [7, 30, 90] as const
export type Range = (typeof ranges)[number]
export const defaultRange: Range = 30

/** The range a `?range=` value asks for; anything else is the default. */
export function parseRange(value: string | null): Range {
  return ranges.find((range) => String(range) === value) ?? defaultRange
}

export const channels = ['paid', 'organic', 'email', 'social', 'referral'] as const
export type Channel = (typeof channels)[number]

export const channelNames: Record<Channel, string> = {
  paid: 'Paid search',
  organic: 'Organic search',
  email: 'Email',
  social: 'Social',
  referral: 'Referral',
}

/** One channel on one day. Spend and revenue are whole dollars. */
export interface Counts {
  sessions: number
  /** Sessions that viewed a second page or stayed 10 seconds. */
  engaged: number
  /** Demo requests and trial sign-ups. */
  leads: number
  /** Leads that sales accepted. */
  qualified: number
  /** New customers (first-year contracts). */
  customers: number
  spend: number
  revenue: number
}

export interface SampleDay {
  /** YYYY-MM-DD (UTC). */
  date: string
  channels: Record<Channel, Counts>
}

/** mulberry32: a small, fast, well-spread 32-bit generator; the same seed gives the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

interface ChannelModel {
  /** Sessions on an average weekday at the start of the period. */
  sessions: number
  /** Growth of sessions over the whole period, as a fraction. */
  growth: number
  engaged: number
  leads: number
  qualified: number
  customers: number
  /** Spend on a weekday, dollars. */
  spend: number
  /** Average first-year contract value, dollars. */
  contract: number
}

// Shaped like a B2B software company's marketing: paid search buys the most
// leads, organic search brings the most visits, email converts best, social
// the least.
const models: Record<Channel, ChannelModel> = {
  paid: {
    sessions: 950,
    growth: 0.12,
    engaged: 0.56,
    leads: 0.05,
    qualified: 0.42,
    customers: 0.16,
    spend: 2_900,
    contract: 1_900,
  },
  organic: {
    sessions: 1_450,
    growth: 0.3,
    engaged: 0.63,
    leads: 0.028,
    qualified: 0.48,
    customers: 0.18,
    spend: 0,
    contract: 2_100,
  },
  email: {
    sessions: 320,
    growth: 0.18,
    engaged: 0.72,
    leads: 0.065,
    qualified: 0.55,
    customers: 0.22,
    spend: 90,
    contract: 2_300,
  },
  social: {
    sessions: 560,
    growth: 0.2,
    engaged: 0.44,
    leads: 0.022,
    qualified: 0.35,
    customers: 0.12,
    spend: 1_000,
    contract: 1_600,
  },
  referral: {
    sessions: 210,
    growth: 0.1,
    engaged: 0.6,
    leads: 0.055,
    qualified: 0.6,
    customers: 0.24,
    spend: 0,
    contract: 2_500,
  },
}

const DAY_MS = 86_400_000

/** "2026-10-31" as a UTC timestamp, and back. */
export function dayTime(date: string): number {
  return Date.parse(`${date}T00:00:00Z`)
}
function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10)
}

export function generateSample({
  seed = SAMPLE_SEED,
  end = SAMPLE_END,
  days = SAMPLE_DAYS,
}: { seed?: number; end?: string; days?: number } = {}): SampleDay[] {
  const random = seededRandom(seed)
  /** `base` moved by up to ±spread/2, at random. */
  const jitter = (base: number, spread: number) => base * (1 + spread * (random() - 0.5))
  /**
   * A stage drawn from the one before: about `rate` of it, never more than
   * all of it. Rounded up or down at random in proportion, so a channel with
   * half a customer a day still wins one every other day.
   */
  const stage = (from: number, rate: number) =>
    Math.min(from, Math.max(0, Math.floor(jitter(from * rate, 0.3) + random())))
  const last = dayTime(end)
  return Array.from({ length: days }, (_, index) => {
    const time = last - (days - 1 - index) * DAY_MS
    const weekday = new Date(time).getUTCDay()
    const weekend = weekday === 0 || weekday === 6
    const progress = days > 1 ? index / (days - 1) : 1
    const day = {} as Record<Channel, Counts>
    for (const channel of channels) {
      const model = models[channel]
      const sessions = Math.round(jitter(model.sessions * (1 + model.growth * progress) * (weekend ? 0.62 : 1), 0.24))
      const engaged = stage(sessions, model.engaged)
      const leads = stage(engaged, model.leads)
      const qualified = stage(leads, model.qualified)
      const customers = stage(qualified, model.customers)
      day[channel] = {
        sessions,
        engaged,
        leads,
        qualified,
        customers,
        spend: model.spend === 0 ? 0 : Math.round(jitter(model.spend * (weekend ? 0.7 : 1), 0.2)),
        revenue: Math.round(customers * jitter(model.contract, 0.3)),
      }
    }
    return { date: isoDay(time), channels: day }
  })
}

const zero = (): Counts => ({ sessions: 0, engaged: 0, leads: 0, qualified: 0, customers: 0, spend: 0, revenue: 0 })

function add(into: Counts, counts: Counts): Counts {
  for (const key of Object.keys(into) as (keyof Counts)[]) into[key] += counts[key]
  return into
}

/** The sum of every channel on one day. */
export function dayTotal(day: SampleDay): Counts {
  return channels.reduce((sum, channel) => add(sum, day.channels[channel]), zero())
}

export type KpiKey = 'sessions' | 'leads' | 'conversionRate' | 'costPerLead' | 'revenue' | 'roas'

export interface Kpi {
  key: KpiKey
  label: string
  /** Null where it cannot be computed (no leads for a cost per lead, no spend for ROAS). */
  current: number | null
  previous: number | null
  /**
   * Change against the previous period: relative (0.1 is +10%) for amounts,
   * in percentage points for the conversion rate. Null without both figures.
   */
  change: number | null
}

export interface ChannelRow extends Counts {
  channel: Channel
  name: string
}

export interface TrendPoint {
  date: string
  sessions: number
  leads: number
  revenue: number
  spend: number
}

export interface FunnelStage {
  stage: string
  count: number
}

export interface Report {
  range: Range
  /** First and last day of the period shown, and of the period before it. */
  start: string
  end: string
  previousStart: string
  previousEnd: string
  kpis: Kpi[]
  trend: TrendPoint[]
  channels: ChannelRow[]
  total: Counts
  funnel: FunnelStage[]
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null)

function kpisOf(current: Counts, previous: Counts): Kpi[] {
  const relative = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : (a - b) / b)
  const kpi = (key: KpiKey, label: string, pick: (counts: Counts) => number | null, points = false): Kpi => {
    const now = pick(current)
    const before = pick(previous)
    return {
      key,
      label,
      current: now,
      previous: before,
      change: points ? (now === null || before === null ? null : (now - before) * 100) : relative(now, before),
    }
  }
  return [
    kpi('sessions', 'Sessions', (counts) => counts.sessions),
    kpi('leads', 'Leads', (counts) => counts.leads),
    kpi('conversionRate', 'Conversion rate', (counts) => ratio(counts.leads, counts.sessions), true),
    kpi('costPerLead', 'Cost per lead', (counts) => ratio(counts.spend, counts.leads)),
    kpi('revenue', 'Revenue', (counts) => counts.revenue),
    kpi('roas', 'ROAS', (counts) => ratio(counts.revenue, counts.spend)),
  ]
}

/**
 * Everything the dashboard shows for the last `range` days of `days`:
 * the KPIs against the `range` days before, the daily trend, each channel
 * and the funnel.
 */
export function buildReport(days: SampleDay[], range: Range): Report {
  if (days.length < range * 2) throw new Error(`${range} days and the period before need ${range * 2} days of data`)
  const current = days.slice(-range)
  const previous = days.slice(-range * 2, -range)
  const sum = (list: SampleDay[]) => list.reduce((total, day) => add(total, dayTotal(day)), zero())
  const total = sum(current)
  const channelRows = channels.map((channel) => ({
    channel,
    name: channelNames[channel],
    ...current.reduce((counts, day) => add(counts, day.channels[channel]), zero()),
  }))
  return {
    range,
    start: current[0]!.date,
    end: current.at(-1)!.date,
    previousStart: previous[0]!.date,
    previousEnd: previous.at(-1)!.date,
    kpis: kpisOf(total, sum(previous)),
    trend: current.map((day) => {
      const counts = dayTotal(day)
      return {
        date: day.date,
        sessions: counts.sessions,
        leads: counts.leads,
        revenue: counts.revenue,
        spend: counts.spend,
      }
    }),
    channels: channelRows,
    total,
    funnel: [
      { stage: 'Sessions', count: total.sessions },
      { stage: 'Engaged sessions', count: total.engaged },
      { stage: 'Leads', count: total.leads },
      { stage: 'Qualified leads', count: total.qualified },
      { stage: 'Customers', count: total.customers },
    ],
  }
}
