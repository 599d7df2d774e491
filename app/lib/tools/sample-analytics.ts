/**
 * Sample data for the demo dashboard (docs/product.md#analytics-dashboard-demo):
 * 180 days of traffic, leads and revenue for a fictional client, from a
 * seeded generator, so the pre-rendered page, the browser and the tests all
 * see the same figures. Pure: no React, no DOM, no clock. Nothing here is a
 * client's result.
 *
 * The data tells the story a client's dashboard would: steady growth led by
 * organic search, a summer lull, and the events pinned to their dates as
 * annotations (`sampleAnnotations`), which shape the figures from their
 * first day: a social campaign bought for reach that returns less than its
 * spend, a new pricing page, a paid search rebuild. Where a headline figure
 * falls or a channel returns less than its spend, the dashboard explains it
 * from these figures and annotations (`kpiNotes`, `channelNotes`).
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

/** What an annotation multiplies while it lasts: sessions, the lead rate, the close rate, spend. */
export type Effect = Partial<Record<'sessions' | 'leads' | 'customers' | 'spend', number>>

/**
 * Something that happened to the fictional client, pinned to its dates: the
 * dashboard lists those of the period shown and cites them where they
 * explain a figure; the generator applies its effect from its first day.
 */
export interface SampleAnnotation {
  /** First day (YYYY-MM-DD, UTC). */
  start: string
  /** Last day, where it ended. */
  end?: string
  /** The one channel it touched; every channel where absent. */
  channel?: Channel
  /** What happened, as a strategist would pin it to the date ("Paid search rebuilt"), */
  title: string
  /** and what it meant ("keywords that never converted cut"). */
  detail: string
  effect: Effect
}

export const sampleAnnotations: readonly SampleAnnotation[] = [
  {
    start: '2026-07-06',
    end: '2026-08-16',
    title: 'Summer holidays',
    detail: 'fewer buyers at their desks',
    effect: { sessions: 0.85, leads: 0.9 },
  },
  {
    start: '2026-08-17',
    channel: 'social',
    title: 'LinkedIn awareness campaign',
    detail: "social spend up by half, bought for reach among target accounts more than for this year's contracts",
    effect: { spend: 1.5, sessions: 1.5, customers: 0.45 },
  },
  {
    start: '2026-09-21',
    title: 'New pricing page',
    detail: 'more visitors ask for a demo',
    effect: { leads: 1.12 },
  },
  {
    start: '2026-09-28',
    channel: 'paid',
    title: 'Paid search rebuilt',
    detail: 'keywords that never converted cut, fewer clicks for as many leads',
    effect: { spend: 0.85, sessions: 0.88, leads: 1.14 },
  },
]

/** The product of the effects of the annotations on `channel` on `date`. */
function effectOn(date: string, channel: Channel): Required<Effect> {
  const effect = { sessions: 1, leads: 1, customers: 1, spend: 1 }
  for (const annotation of sampleAnnotations) {
    if (annotation.channel && annotation.channel !== channel) continue
    if (date < annotation.start || (annotation.end && date > annotation.end)) continue
    for (const key of Object.keys(annotation.effect) as (keyof Effect)[]) effect[key] *= annotation.effect[key] ?? 1
  }
  return effect
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
    customers: 0.4,
    spend: 1_000,
    contract: 1_800,
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
    const date = isoDay(time)
    const day = {} as Record<Channel, Counts>
    for (const channel of channels) {
      const model = models[channel]
      const effect = effectOn(date, channel)
      const sessions = Math.round(
        jitter(model.sessions * (1 + model.growth * progress) * (weekend ? 0.62 : 1) * effect.sessions, 0.24),
      )
      const engaged = stage(sessions, model.engaged)
      const leads = stage(engaged, model.leads * effect.leads)
      const qualified = stage(leads, model.qualified)
      const customers = stage(qualified, model.customers * effect.customers)
      day[channel] = {
        sessions,
        engaged,
        leads,
        qualified,
        customers,
        spend: model.spend === 0 ? 0 : Math.round(jitter(model.spend * (weekend ? 0.7 : 1) * effect.spend, 0.2)),
        revenue: Math.round(customers * jitter(model.contract, 0.3)),
      }
    }
    return { date, channels: day }
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
  /** The annotations of the period shown, by first day. */
  annotations: SampleAnnotation[]
  /** Why a headline figure moved the wrong way, for each that did (see `kpiMovedBadly`). */
  kpiNotes: Partial<Record<KpiKey, string>>
  /** Why a channel returned less than its spend, for each that did. */
  channelNotes: Partial<Record<Channel, string>>
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null)

/** How each headline figure is worked out from the counts of a period. */
const kpiValue: Record<KpiKey, (counts: Counts) => number | null> = {
  sessions: (counts) => counts.sessions,
  leads: (counts) => counts.leads,
  conversionRate: (counts) => ratio(counts.leads, counts.sessions),
  costPerLead: (counts) => ratio(counts.spend, counts.leads),
  revenue: (counts) => counts.revenue,
  roas: (counts) => ratio(counts.revenue, counts.spend),
}

const kpiLabels: Record<KpiKey, string> = {
  sessions: 'Sessions',
  leads: 'Leads',
  conversionRate: 'Conversion rate',
  costPerLead: 'Cost per lead',
  revenue: 'Revenue',
  roas: 'ROAS',
}

/** The figures that are better lower: a rise in them is the wrong way. */
const lowerIsBetter: ReadonlySet<KpiKey> = new Set(['costPerLead'])

function kpisOf(current: Counts, previous: Counts): Kpi[] {
  const relative = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : (a - b) / b)
  return (Object.keys(kpiValue) as KpiKey[]).map((key) => {
    const now = kpiValue[key](current)
    const before = kpiValue[key](previous)
    // The conversion rate's change is in percentage points, the others relative.
    const change =
      key === 'conversionRate' ? (now === null || before === null ? null : (now - before) * 100) : relative(now, before)
    return { key, label: kpiLabels[key], current: now, previous: before, change }
  })
}

/**
 * Which way a figure moved, as the dashboard words it: to one decimal of a
 * percent, or two of a percentage point for the conversion rate; smaller is
 * no change.
 */
export function kpiMove(kpi: Kpi): 'up' | 'down' | 'none' | 'unknown' {
  if (kpi.change === null) return 'unknown'
  const shown = kpi.key === 'conversionRate' ? Math.abs(kpi.change) : Math.abs(kpi.change) * 100
  if (Number(shown.toFixed(kpi.key === 'conversionRate' ? 2 : 1)) === 0) return 'none'
  return kpi.change > 0 ? 'up' : 'down'
}

/** Whether a figure moved the wrong way: down, or up for one that is better lower. */
export function kpiMovedBadly(kpi: Kpi): boolean {
  const move = kpiMove(kpi)
  return lowerIsBetter.has(kpi.key) ? move === 'up' : move === 'down'
}

const integer = new Intl.NumberFormat('en-US')
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "0.91x": a return on ad spend as the dashboard shows it. */
export const formatRoas = (value: number) => `${twoDecimals.format(value)}x`
const share = (part: number, whole: number) => `${oneDecimal.format(whole > 0 ? (part / whole) * 100 : 0)}%`
const dayText = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`))

/** "since Aug 17", "Jul 6 to Aug 16": when an annotation applied. */
export function annotationDates(annotation: SampleAnnotation): string {
  return annotation.end
    ? `${dayText(annotation.start)} to ${dayText(annotation.end)}`
    : `since ${dayText(annotation.start)}`
}

/** "Paid search rebuilt (since Sep 28): keywords that never converted cut.", as a note cites it. */
function cite(annotation: SampleAnnotation): string {
  return `${annotation.title} (${annotationDates(annotation)}): ${annotation.detail}.`
}

/** A figure of a period, in the words of its KPI: "41,200 sessions", "$40,511 of spend for 277 leads". */
function figuresFor(key: KpiKey, counts: Counts): string {
  switch (key) {
    case 'sessions':
      return `${integer.format(counts.sessions)} sessions`
    case 'leads':
      return `${integer.format(counts.leads)} leads`
    case 'conversionRate':
      return `${integer.format(counts.leads)} leads from ${integer.format(counts.sessions)} sessions`
    case 'costPerLead':
      return `${dollars.format(counts.spend)} of spend for ${integer.format(counts.leads)} leads`
    case 'revenue':
      return `${dollars.format(counts.revenue)} of revenue`
    case 'roas':
      return `${dollars.format(counts.revenue)} of revenue on ${dollars.format(counts.spend)} of spend`
  }
}

/** How each multiplier of an annotation bears on a figure: +1 where more of it is better for the figure. */
const effectWeights: Record<KpiKey, Effect> = {
  sessions: { sessions: 1 },
  leads: { sessions: 1, leads: 1 },
  conversionRate: { leads: 1 },
  costPerLead: { sessions: 1, leads: 1, spend: -1 },
  revenue: { sessions: 1, leads: 1, customers: 1 },
  roas: { sessions: 1, leads: 1, customers: 1, spend: -1 },
}

const weekendDays = (days: SampleDay[]) =>
  days.filter((day) => [0, 6].includes(new Date(`${day.date}T00:00:00Z`).getUTCDay())).length

/** The share of `days` an annotation covers. */
function coverage(annotation: SampleAnnotation, days: SampleDay[]): number {
  const covered = days.filter(
    (day) => day.date >= annotation.start && (!annotation.end || day.date <= annotation.end),
  ).length
  return covered / days.length
}

/**
 * Why a headline figure moved the wrong way, from the data: a period with
 * more weekend days (when fewer buyers visit) for a count that held up on
 * weekdays; otherwise the channel that moved it most (each channel's own
 * change taken back in turn), with the annotation of that channel that
 * weighs on the figure more in this period than in the one before.
 */
function kpiNote(key: KpiKey, current: SampleDay[], previous: SampleDay[]): string {
  const range = current.length
  const sum = (list: SampleDay[], channel?: Channel) =>
    list.reduce((total, day) => add(total, channel ? day.channels[channel] : dayTotal(day)), zero())
  const now = sum(current)
  const before = sum(previous)
  const weekends = [weekendDays(current), weekendDays(previous)] as const
  if ((key === 'sessions' || key === 'leads' || key === 'revenue') && weekends[0] > weekends[1]) {
    const weekdays = (list: SampleDay[]) =>
      list.filter((day) => ![0, 6].includes(new Date(`${day.date}T00:00:00Z`).getUTCDay()))
    const perWeekday = (list: SampleDay[]) => (kpiValue[key](sum(weekdays(list))) ?? 0) / weekdays(list).length
    const [a, b] = [perWeekday(current), perWeekday(previous)]
    if (a >= b) {
      const format = (value: number) => (key === 'revenue' ? dollars.format(value) : integer.format(Math.round(value)))
      return (
        `These ${range} days hold ${weekends[0]} weekend days, against ${weekends[1]} in the ${range} before, ` +
        `and fewer buyers visit at weekends: on a weekday, ${kpiLabels[key].toLowerCase()} rose from ` +
        `${format(b)} to ${format(a)}.`
      )
    }
  }
  // Each channel's own change taken back: the one whose change costs the figure most.
  const worse = (value: number | null, than: number | null) =>
    value !== null && than !== null && (lowerIsBetter.has(key) ? value > than : value < than)
  const value = kpiValue[key](now)
  let most: { channel: Channel; cost: number } | undefined
  for (const channel of channels) {
    const without = add(add(zero(), now), sum(previous, channel))
    for (const field of Object.keys(without) as (keyof Counts)[]) without[field] -= sum(current, channel)[field]
    const counterfactual = kpiValue[key](without)
    if (!worse(value, counterfactual)) continue
    const cost = Math.abs((value ?? 0) - (counterfactual ?? 0))
    if (!most || cost > most.cost) most = { channel, cost }
  }
  if (!most) return `Across the channels, from ${figuresFor(key, before)} to ${figuresFor(key, now)}.`
  const channel = most.channel
  const weighing = sampleAnnotations.find((annotation) => {
    if (annotation.channel && annotation.channel !== channel) return false
    const score = (Object.keys(annotation.effect) as (keyof Effect)[]).reduce(
      (total, field) => total + (effectWeights[key][field] ?? 0) * Math.log(annotation.effect[field] ?? 1),
      0,
    )
    return (coverage(annotation, current) - coverage(annotation, previous)) * score < 0
  })
  return (
    `Mostly ${channelNames[channel].toLowerCase()}, from ${figuresFor(key, sum(previous, channel))} in the ` +
    `${range} days before to ${figuresFor(key, sum(current, channel))}.` +
    (weighing ? ` ${cite(weighing)}` : '')
  )
}

/**
 * Why a channel returned less than its spend: its return and how its leads
 * became customers against the other channels', with the annotations of
 * that channel in the period.
 */
function channelNote(row: ChannelRow, rows: ChannelRow[], annotations: SampleAnnotation[]): string {
  const others = rows.filter((other) => other.channel !== row.channel)
  const otherCustomers = others.reduce((total, other) => total + other.customers, 0)
  const otherLeads = others.reduce((total, other) => total + other.leads, 0)
  const own = annotations.filter((annotation) => annotation.channel === row.channel)
  return (
    `${row.name} returned ${formatRoas(row.revenue / row.spend)} its spend in first-year revenue ` +
    `(${dollars.format(row.revenue)} on ${dollars.format(row.spend)}): ${share(row.customers, row.leads)} of its ` +
    `leads became customers, against ${share(otherCustomers, otherLeads)} for the other channels.` +
    own.map((annotation) => ` ${cite(annotation)}`).join('')
  )
}

/**
 * Everything the dashboard shows for the last `range` days of `days`:
 * the KPIs against the `range` days before, the daily trend, each channel,
 * the funnel, the annotations of the period, and why any figure moved the
 * wrong way or any channel returned less than its spend.
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
  const start = current[0]!.date
  const end = current.at(-1)!.date
  const annotations = sampleAnnotations.filter(
    (annotation) => annotation.start <= end && (!annotation.end || annotation.end >= start),
  )
  const kpis = kpisOf(total, sum(previous))
  const kpiNotes: Report['kpiNotes'] = {}
  for (const kpi of kpis) if (kpiMovedBadly(kpi)) kpiNotes[kpi.key] = kpiNote(kpi.key, current, previous)
  const channelNotes: Report['channelNotes'] = {}
  for (const row of channelRows) {
    if (row.spend > 0 && row.revenue < row.spend) channelNotes[row.channel] = channelNote(row, channelRows, annotations)
  }
  return {
    range,
    start,
    end,
    previousStart: previous[0]!.date,
    previousEnd: previous.at(-1)!.date,
    kpis,
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
    annotations,
    kpiNotes,
    channelNotes,
  }
}
