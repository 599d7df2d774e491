import { memo, useId, useMemo, useState, type MouseEvent, type ReactNode } from 'react'
import { BarList, Legend, LineChart, type LineSeries } from '#app/components/charts.tsx'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import {
  annotationDates,
  buildReport,
  formatRoas,
  generateSample,
  kpiMove,
  parseRange,
  ranges,
  SAMPLE_CLIENT,
  type Kpi,
  type Range,
  type Report,
} from '#app/lib/tools/sample-analytics.ts'
import { useSearchParams } from '#app/lib/browser/use-search-params.ts'

/** The sample data, made once: the same in the pre-rendered page and in the browser. */
const sample = generateSample()

const integer = new Intl.NumberFormat('en-US')
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const longDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

const day = (date: string, format = longDate) => format.format(new Date(`${date}T00:00:00Z`))
const percent = (value: number) => `${twoDecimals.format(value * 100)}%`
const roas = formatRoas
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const orNone = (value: number | null, format: (value: number) => string) => (value === null ? 'None' : format(value))
/** "$10k", "$1.2M": the trend's axis. */
const compactDollars = (value: number) =>
  value >= 1_000_000 ? `$${value / 1_000_000}M` : value >= 1_000 ? `$${value / 1_000}k` : `$${value}`

const kpiFormats: Record<Kpi['key'], (value: number) => string> = {
  sessions: (value) => integer.format(value),
  leads: (value) => integer.format(value),
  conversionRate: percent,
  costPerLead: (value) => cents.format(value),
  revenue: (value) => dollars.format(value),
  roas,
}

/** "Up 3.6%", "Down 0.02 percentage points", "No change": words, not color, say which way a KPI moved. */
function changeText(kpi: Kpi): { arrow: string; text: string } {
  const move = kpiMove(kpi)
  if (move === 'unknown' || kpi.change === null) return { arrow: '', text: 'No earlier figure to compare' }
  if (move === 'none') return { arrow: '', text: 'No change' }
  // The conversion rate's change is in percentage points, the others relative.
  const size = Math.abs(kpi.change)
  const shown =
    kpi.key === 'conversionRate' ? `${twoDecimals.format(size)} percentage points` : `${oneDecimal.format(size * 100)}%`
  return move === 'up' ? { arrow: '▲', text: `Up ${shown}` } : { arrow: '▼', text: `Down ${shown}` }
}

/** A note that explains a figure: why it fell, or why a channel returned less than its spend. */
function WhyNote({ children, ...data }: { children: string } & Record<`data-${string}`, string>) {
  return (
    <p className="mt-3 border-l-4 border-slate-300 pl-3 text-sm text-ink" {...data}>
      <span className="font-semibold">Why: </span>
      {children}
    </p>
  )
}

/**
 * A table with its column heads, in the site's scrolling table region (the
 * same as Markdown tables get); `children` are its body rows.
 */
function DataTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="prose mt-6 max-w-none">
      <section className="table-scroll" tabIndex={0} aria-label={label}>
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          {children}
        </table>
      </section>
    </div>
  )
}

function Panel({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="mt-12">
      <h3 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 mb-4 text-sm text-muted">{note}</p>
      {children}
    </section>
  )
}

const revenueColor = 'var(--color-brand-700)'
const spendColor = 'var(--color-cta-600)'
const barColor = 'var(--color-brand-600)'

// The panels only change with the report: memo keeps hydration from rendering
// them again (the charts in them turn interactive on their own).
const Trend = memo(function Trend({ report }: { report: Report }) {
  const series: LineSeries[] = [
    { name: 'Revenue', color: revenueColor, values: report.trend.map((point) => point.revenue) },
    { name: 'Spend', color: spendColor, dashed: true, values: report.trend.map((point) => point.spend) },
  ]
  const best = report.trend.reduce((top, point) => (point.revenue > top.revenue ? point : top))
  const spends = report.trend.map((point) => point.spend)
  return (
    <Panel
      title="Revenue and spend per day"
      note={`Sample data for ${SAMPLE_CLIENT}, a fictional company, ${day(report.start)} to ${day(report.end)}.`}
    >
      <Legend series={series} />
      <LineChart
        label={`Revenue and spend per day, sample data, ${day(report.start)} to ${day(report.end)}`}
        days={report.trend.map((point) => day(point.date))}
        axisLabels={report.trend.map((point) => day(point.date, shortDate))}
        series={series}
        format={(value) => dollars.format(value)}
        formatAxis={compactDollars}
      />
      <p className="mt-2 text-muted">
        {`Over these ${report.range} days revenue came to ${dollars.format(report.total.revenue)} on ` +
          `${dollars.format(report.total.spend)} of spend. The best day was ${day(best.date)}, with ` +
          `${dollars.format(best.revenue)} of revenue; spend ran between ${dollars.format(Math.min(...spends))} and ` +
          `${dollars.format(Math.max(...spends))} a day, lower at weekends.`}
      </p>
      {report.annotations.length > 0 ? (
        <>
          <h4 className="mt-4 font-semibold text-ink">What was under way in these {report.range} days</h4>
          <ul className="mt-2 space-y-1 text-sm text-ink">
            {report.annotations.map((annotation) => (
              <li key={annotation.start} data-annotation={annotation.start}>
                <span className="font-semibold">{capitalized(annotationDates(annotation))}</span>
                {` · ${annotation.title}: ${annotation.detail}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {/* In the HTML, so it reads without JavaScript: closed until asked for. */}
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-700">
          Show the figures for each day as a table
        </summary>
        <DataTable
          label="Revenue and spend per day, sample data"
          columns={['Day', 'Sessions', 'Leads', 'Revenue', 'Spend']}
        >
          <tbody>
            {report.trend.map((point) => (
              <tr key={point.date}>
                <th scope="row">{day(point.date)}</th>
                <td>{integer.format(point.sessions)}</td>
                <td>{integer.format(point.leads)}</td>
                <td>{dollars.format(point.revenue)}</td>
                <td>{dollars.format(point.spend)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </details>
    </Panel>
  )
})

const Channels = memo(function Channels({ report }: { report: Report }) {
  const rows = [...report.channels].sort((a, b) => b.revenue - a.revenue)
  const cost = (spend: number, leads: number) => (leads > 0 && spend > 0 ? cents.format(spend / leads) : 'None')
  const returnOn = (revenue: number, spend: number) => (spend > 0 ? roas(revenue / spend) : 'No spend')
  return (
    <Panel
      title="Channel performance"
      note={`Sample data: revenue by channel over the last ${report.range} days, largest first. Organic search and referrals cost no media spend.`}
    >
      <BarList
        label={`Revenue by channel, sample data, last ${report.range} days`}
        color={barColor}
        bars={rows.map((row) => ({
          name: row.name,
          value: row.revenue,
          valueText: dollars.format(row.revenue),
          detail: `${row.name}: ${dollars.format(row.revenue)} revenue from ${integer.format(row.leads)} leads and ${integer.format(row.customers)} customers; ${row.spend > 0 ? `${dollars.format(row.spend)} spend, ROAS ${returnOn(row.revenue, row.spend)}` : 'no media spend'}.`,
        }))}
      />
      {rows.map((row) => {
        const note = report.channelNotes[row.channel]
        return note ? (
          <WhyNote key={row.channel} data-channel-note={row.channel}>
            {note}
          </WhyNote>
        ) : null
      })}
      <DataTable
        label="Channel performance, sample data"
        columns={['Channel', 'Sessions', 'Leads', 'Conversion rate', 'Spend', 'Cost per lead', 'Revenue', 'ROAS']}
      >
        <tbody>
          {[...rows, { ...report.total, name: 'Total', channel: 'total' }].map((row) => (
            <tr key={row.channel}>
              <th scope="row">{row.name}</th>
              <td>{integer.format(row.sessions)}</td>
              <td>{integer.format(row.leads)}</td>
              <td>{row.sessions > 0 ? percent(row.leads / row.sessions) : 'None'}</td>
              <td>{dollars.format(row.spend)}</td>
              <td>{cost(row.spend, row.leads)}</td>
              <td>{dollars.format(row.revenue)}</td>
              <td>{returnOn(row.revenue, row.spend)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  )
})

const Funnel = memo(function Funnel({ report }: { report: Report }) {
  const first = report.funnel[0]!.count
  const stages = report.funnel.map((stage, index) => {
    const before = index > 0 ? report.funnel[index - 1]! : null
    return {
      ...stage,
      ofPrevious: before && before.count > 0 ? percent(stage.count / before.count) : null,
      ofFirst: first > 0 ? percent(stage.count / first) : 'None',
      previousName: before?.stage.toLowerCase(),
    }
  })
  return (
    <Panel
      title="Funnel from visit to customer"
      note={`Sample data: every stage over the last ${report.range} days; each bar is drawn to scale against sessions.`}
    >
      <BarList
        label={`Funnel from visit to customer, sample data, last ${report.range} days`}
        color={barColor}
        bars={stages.map((stage) => ({
          name: stage.stage,
          value: stage.count,
          valueText: stage.ofPrevious
            ? `${integer.format(stage.count)} (${stage.ofPrevious} of ${stage.previousName})`
            : integer.format(stage.count),
          detail: `${stage.stage}: ${integer.format(stage.count)}${stage.ofPrevious ? `, ${stage.ofPrevious} of ${stage.previousName} and ${stage.ofFirst} of sessions` : ''}.`,
        }))}
      />
      <DataTable
        label="Funnel from visit to customer, sample data"
        columns={['Stage', 'Count', 'Of the stage before', 'Of sessions']}
      >
        <tbody>
          {stages.map((stage) => (
            <tr key={stage.stage}>
              <th scope="row">{stage.stage}</th>
              <td>{integer.format(stage.count)}</td>
              <td>{stage.ofPrevious ?? 'None'}</td>
              <td>{stage.ofFirst}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Panel>
  )
})

/**
 * The demo dashboard (docs/product.md#analytics-dashboard-demo): KPIs against the previous
 * period, the daily trend, channel performance and the funnel, for the last
 * 7, 30 or 90 days of a fictional client's sample data. The range lives in
 * the page address (`?range=`): the page is rendered on demand for the range
 * asked (`rangeAsked`, the address's `range`), and each range is a link, so
 * the switch works before the island wakes and without JavaScript; once
 * awake, a link changes the range in place. The link's fragment names the
 * switch (`RANGE_SWITCH_ID`): a page loaded from it, before the island woke
 * or without JavaScript, opens where the visitor was, not at the top.
 */
export const RANGE_SWITCH_ID = 'date-range'

export function Dashboard({ rangeAsked }: { rangeAsked?: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams(
    rangeAsked ? `?${new URLSearchParams({ range: rangeAsked })}` : '',
  )
  const range = parseRange(searchParams.get('range'))
  const report = useMemo(() => buildReport(sample, range), [range])
  const [announcement, setAnnouncement] = useState('')
  const rangeLabel = useId()

  const choose = (next: Range) => {
    setSearchParams((params) => params.set('range', String(next)))
    const nextReport = buildReport(sample, next)
    setAnnouncement(`Showing the last ${next} days of sample data, ${day(nextReport.start)} to ${day(nextReport.end)}.`)
  }

  return (
    <Section title="The sample dashboard">
      <SectionHeading
        eyebrow="Demo with sample data"
        title="The sample dashboard"
        intro="A working, simplified copy of the reporting our clients get, with generated figures; a client's own adds targets and pipeline, described below. Switch the date range and everything follows; where a figure fell or a channel returned less than its spend, a note says why; point at or tab to a chart for its figures."
      />
      <p className="mb-8 max-w-3xl rounded-lg border-l-4 border-brand-600 bg-brand-50 p-4 text-ink">
        <strong>Sample data.</strong>
        {` ${SAMPLE_CLIENT} is a fictional company. Every figure on this dashboard is generated for the demo; none is a client's result.`}
      </p>
      <div id={RANGE_SWITCH_ID} className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted">
          <span className="font-semibold text-ink">{`${SAMPLE_CLIENT} (fictional)`}</span>
          <br />
          {`${day(report.start)} to ${day(report.end)}, compared with ${day(report.previousStart)} to ${day(report.previousEnd)}`}
        </p>
        <div>
          <p id={rangeLabel} className="mb-2 text-sm font-semibold text-ink">
            Date range
          </p>
          <div role="group" aria-labelledby={rangeLabel} className="flex flex-wrap gap-2">
            {ranges.map((option) => (
              <a
                key={option}
                href={`?range=${option}#${RANGE_SWITCH_ID}`}
                aria-current={option === range ? 'true' : undefined}
                className={buttonVariants({ size: 'sm', variant: option === range ? 'default' : 'outline' })}
                onClick={(event: MouseEvent) => {
                  // A new tab or window keeps the link's own behavior.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return
                  event.preventDefault()
                  choose(option)
                }}
              >
                {`Last ${option} days`}
              </a>
            ))}
          </div>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <Panel
        title="Headline KPIs"
        note={`Sample data: the last ${report.range} days against the ${report.range} days before.`}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {report.kpis.map((kpi) => {
            const format = kpiFormats[kpi.key]
            const change = changeText(kpi)
            return (
              <li key={kpi.key} className="rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm">
                <p className="text-sm font-semibold text-muted">{kpi.label}</p>
                <p className="mt-1 text-3xl font-bold text-ink" data-kpi={kpi.key}>
                  {orNone(kpi.current, format)}
                </p>
                <p className="mt-2 text-sm text-ink">
                  {change.arrow ? <span aria-hidden="true">{change.arrow} </span> : null}
                  {change.text}
                  <span className="text-muted">
                    {` on the previous ${report.range} days (${orNone(kpi.previous, format)})`}
                  </span>
                </p>
                {report.kpiNotes[kpi.key] ? (
                  <WhyNote data-kpi-note={kpi.key}>{report.kpiNotes[kpi.key]!}</WhyNote>
                ) : null}
              </li>
            )
          })}
        </ul>
      </Panel>
      <Trend report={report} />
      <Channels report={report} />
      <Funnel report={report} />
    </Section>
  )
}
