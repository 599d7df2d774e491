import {
  buildReport,
  formatRoas,
  generateSample,
  SAMPLE_CLIENT,
  type TrendPoint,
} from '#app/lib/tools/sample-analytics.ts'

// The home page's picture of the work (docs/product.md#visual-proof): the four
// things the agency builds and runs, layered as cards: a campaign dashboard, a
// social ad, an email flow and a landing page. The dashboard's figures and
// lines are the sample data of the dashboard demo (/dashboard), a fictional
// company, and say so; the other cards hold no words or figures of a client's.
// One SVG, drawn at build: no request, no script, sharp at any density.

const width = 480
const height = 304
const days = 90

/** The demo's last 90 days in weeks: revenue and spend per week, oldest first. */
function weekly(trend: TrendPoint[]) {
  const weeks: { revenue: number; spend: number }[] = []
  for (let end = trend.length; end - 7 >= 0; end -= 7) {
    const week = trend.slice(end - 7, end)
    weeks.unshift({
      revenue: week.reduce((sum, day) => sum + day.revenue, 0),
      spend: week.reduce((sum, day) => sum + day.spend, 0),
    })
  }
  return weeks
}

const integer = new Intl.NumberFormat('en-US')

/** The dashboard card's figures, from the demo's sample (app/lib/tools/sample-analytics.ts). */
export function sampleDashboard() {
  const report = buildReport(generateSample(), days)
  const kpi = (key: string) => report.kpis.find((item) => item.key === key)?.current ?? 0
  return { leads: integer.format(kpi('leads')), roas: formatRoas(kpi('roas')), weeks: weekly(report.trend) }
}

/** A polyline through `points`, rounded to tenths of a pixel. */
const polyline = (points: { x: number; y: number }[]) =>
  points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')

/** A card: a faint shadow under a bordered surface. */
function Card({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <>
      <rect x={x + 2} y={y + 6} width={w} height={h} rx="12" className="fill-slate-900" opacity="0.08" />
      <rect x={x} y={y} width={w} height={h} rx="12" className="fill-surface stroke-slate-200" />
    </>
  )
}

/** A line of text that is not written out: a bar standing for it. */
function Line({ x, y, w, tone = 'fill-slate-200' }: { x: number; y: number; w: number; tone?: string }) {
  return <rect x={x} y={y} width={w} height="6" rx="3" className={tone} />
}

function Dashboard() {
  const { leads, roas, weeks } = sampleDashboard()
  const chart = { x: 16, y: 108, w: 264, h: 72 }
  const top = Math.max(...weeks.map((week) => Math.max(week.revenue, week.spend)))
  const points = (key: 'revenue' | 'spend') =>
    weeks.map((week, index) => ({
      x: chart.x + (index / (weeks.length - 1)) * chart.w,
      y: chart.y + chart.h - (week[key] / top) * chart.h,
    }))
  const revenue = polyline(points('revenue'))
  const spend = polyline(points('spend'))
  const area = `${revenue} L${chart.x + chart.w},${chart.y + chart.h} L${chart.x},${chart.y + chart.h} Z`
  return (
    <g>
      <Card x={0} y={0} w={300} h={196} />
      <text x="16" y="27" className="fill-ink text-[13px] font-semibold">
        Campaign dashboard
      </text>
      <rect x="196" y="13" width="84" height="20" rx="10" className="fill-brand-50" />
      <text x="238" y="27" textAnchor="middle" className="fill-brand-800 text-[11px] font-semibold">
        Sample data
      </text>
      {[
        { label: `Leads, ${days} days`, value: leads, x: 16 },
        { label: `ROAS, ${days} days`, value: roas, x: 148 },
      ].map((tile) => (
        <g key={tile.label}>
          <rect x={tile.x} y="44" width="132" height="50" rx="8" className="fill-slate-50 stroke-slate-200" />
          <text x={tile.x + 12} y="63" className="fill-muted text-[11px]">
            {tile.label}
          </text>
          <text x={tile.x + 12} y="84" className="fill-ink text-lg font-bold">
            {tile.value}
          </text>
        </g>
      ))}
      <path d={area} className="fill-brand-100" opacity="0.7" />
      <path d={revenue} fill="none" className="stroke-brand-600" strokeWidth="2.5" strokeLinejoin="round" />
      <path d={spend} fill="none" className="stroke-slate-400" strokeWidth="2" strokeDasharray="5 4" />
    </g>
  )
}

function Ad() {
  const x = 284
  const y = 18
  return (
    <g>
      <Card x={x} y={y} w={172} h={188} />
      <circle cx={x + 22} cy={y + 22} r="10" className="fill-brand-700" />
      <Line x={x + 38} y={y + 14} w={62} tone="fill-slate-300" />
      <text x={x + 38} y={y + 33} className="fill-muted text-[10px]">
        Sponsored
      </text>
      <rect x={x + 12} y={y + 44} width="148" height="78" rx="8" className="fill-brand-700" />
      <circle cx={x + 124} cy={y + 66} r="9" className="fill-cta-400" />
      <path
        d={`M${x + 12},${y + 122} L${x + 56},${y + 74} L${x + 82},${y + 100} L${x + 100},${y + 84} L${x + 160},${y + 122} Z`}
        className="fill-brand-950"
        opacity="0.55"
      />
      <Line x={x + 12} y={y + 134} w={132} tone="fill-slate-300" />
      <Line x={x + 12} y={y + 146} w={96} />
      <rect x={x + 12} y={y + 160} width="148" height="18" rx="5" className="fill-cta-600" />
      <text x={x + 86} y={y + 173} textAnchor="middle" className="fill-white text-[10px] font-semibold">
        Learn more
      </text>
    </g>
  )
}

function EmailFlow() {
  const y = 214
  const steps = ['Sign-up', 'Welcome', 'Wait', 'Follow-up']
  return (
    <g>
      <Card x={0} y={y} w={270} h={84} />
      <text x="16" y={y + 22} className="fill-muted text-[11px] font-semibold tracking-wide uppercase">
        Email flow
      </text>
      {steps.map((step, index) => {
        const cx = 38 + index * 64
        return (
          <g key={step}>
            {index > 0 ? (
              <line x1={cx - 50} x2={cx - 16} y1={y + 48} y2={y + 48} className="stroke-brand-600" strokeWidth="2" />
            ) : null}
            <circle
              cx={cx}
              cy={y + 48}
              r="12"
              className={
                index === 0 ? 'fill-brand-700' : index === 2 ? 'fill-slate-100 stroke-slate-300' : 'fill-brand-100'
              }
            />
            {index === 1 || index === 3 ? (
              <path
                d={`M${cx - 6},${y + 44} h12 v9 h-12 Z M${cx - 6},${y + 44} l6,5 l6,-5`}
                fill="none"
                className="stroke-brand-800"
                strokeWidth="1.5"
              />
            ) : null}
            <text x={cx} y={y + 74} textAnchor="middle" className="fill-ink text-[10px]">
              {step}
            </text>
          </g>
        )
      })}
    </g>
  )
}

function LandingPage() {
  const x = 286
  const y = 214
  return (
    <g>
      <Card x={x} y={y} w={184} h={88} />
      <circle cx={x + 14} cy={y + 12} r="3" className="fill-slate-300" />
      <Line x={x + 124} y={y + 9} w={48} />
      <line x1={x} x2={x + 184} y1={y + 22} y2={y + 22} className="stroke-slate-200" />
      <Line x={x + 14} y={y + 32} w={110} tone="fill-ink" />
      <Line x={x + 14} y={y + 43} w={82} tone="fill-ink" />
      <rect x={x + 14} y={y + 56} width="52" height="12" rx="4" className="fill-cta-600" />
      <rect x={x + 120} y={y + 30} width="50" height="44" rx="6" className="fill-brand-100" />
      <Line x={x + 14} y={y + 76} w={40} />
      <Line x={x + 62} y={y + 76} w={40} />
    </g>
  )
}

/** The picture beside the home page's h1: what the agency runs, drawn, with its honest caption. */
export function HomeWork() {
  return (
    <figure className="m-0" data-testid="home-work">
      <svg
        role="img"
        aria-label={`An illustration of our work: a campaign dashboard showing the sample data of our dashboard demo, with leads, return on ad spend and weekly revenue against spend; a social ad; an email flow from sign-up to follow-up; and a landing page.`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
      >
        <Dashboard />
        <Ad />
        <EmailFlow />
        <LandingPage />
      </svg>
      <figcaption className="mt-3 text-xs text-muted">
        An illustration. The dashboard shows the sample data of our{' '}
        <a href="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
          dashboard demo
        </a>
        , for {SAMPLE_CLIENT}, a fictional company.
      </figcaption>
    </figure>
  )
}
