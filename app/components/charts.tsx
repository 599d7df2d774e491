import {
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { labelIndexes, linePath, niceTicks } from '#app/lib/tools/chart-scale.ts'
import { useHydrated } from '#app/lib/browser/use-hydrated.ts'

// The dashboard's charts, drawn with SVG and HTML of our own, without a
// charting library (docs/decisions/019-own-svg-charts.md). Geometry goes in
// inline styles rather than utility classes: it belongs to this page alone,
// and classes would add to the stylesheet every page inlines
// (docs/decisions/006-inline-stylesheet.md). Every chart sits beside a text
// equivalent (a table or a description) that the page renders; the charts'
// own tooltips repeat, for pointer and keyboard, what that text says.

/**
 * A chart's figures as a table for assistive technology, out of sight. The
 * 1 px box that hides it is a div around the table, not the table itself: a
 * table is never narrower than its widest row, so a table given `sr-only`
 * kept the width of its text and widened the page it sat in (a case study
 * was 760 px wide on a 390 px phone), which the div's `overflow: hidden` clips.
 */
export function ChartTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sr-only">
      <table aria-label={label}>{children}</table>
    </div>
  )
}

export interface LineSeries {
  name: string
  /** Stroke color; 3:1 or more against white, and never the only difference (see `dashed`). */
  color: string
  dashed?: boolean
  values: number[]
}

const tooltipStyle: CSSProperties = { position: 'absolute', pointerEvents: 'none', zIndex: 10, whiteSpace: 'nowrap' }
const tooltipClass = 'rounded-lg bg-ink px-3 py-2 text-sm text-white shadow-lg'

/** A short sample of a series' line, for legends and tooltips. */
function LineSwatch({ color, dashed }: { color: string; dashed?: boolean }) {
  return (
    <svg aria-hidden="true" width="24" height="8" viewBox="0 0 24 8" style={{ flexShrink: 0 }}>
      <line
        x1="1"
        y1="4"
        x2="23"
        y2="4"
        style={{ stroke: color }}
        strokeWidth="3"
        strokeDasharray={dashed ? '5 3' : undefined}
      />
    </svg>
  )
}

export function Legend({ series }: { series: Pick<LineSeries, 'name' | 'color' | 'dashed'>[] }) {
  return (
    <ul className="mb-4 flex flex-wrap gap-x-8 gap-y-2 text-sm text-ink">
      {series.map((item) => (
        <li key={item.name} className="flex items-center gap-2">
          <LineSwatch color={item.color} dashed={item.dashed} />
          {item.name}
          {item.dashed ? ' (dashed line)' : ' (solid line)'}
        </li>
      ))}
    </ul>
  )
}

const round = (value: number) => Math.round(value * 100) / 100

/**
 * A line chart over days. Pointer: the nearest day shows its figures.
 * Keyboard: one tab stop; the arrow keys, Home and End move between days,
 * each a focusable point named with its figures; Escape hides the tooltip.
 * The points are added once the page has hydrated, since without
 * JavaScript they could do nothing; the page's table carries the same
 * figures. Each chart reads that itself, so the panels around it need not
 * render again when the page hydrates.
 */
export function LineChart({
  label,
  days,
  axisLabels,
  series,
  format,
  formatAxis,
}: {
  /** Names the chart for assistive technology. */
  label: string
  /** Each point's full name ("Oct 3, 2026"), and the short one under the axis ("Oct 3"). */
  days: string[]
  axisLabels: string[]
  series: LineSeries[]
  format: (value: number) => string
  formatAxis: (value: number) => string
}) {
  const interactive = useHydrated()
  const [active, setActive] = useState<number | null>(null)
  const [tooltipShown, setTooltipShown] = useState(false)
  const plot = useRef<HTMLDivElement>(null)
  const hintId = useId()
  const count = days.length
  const ticks = niceTicks(Math.max(0, ...series.flatMap((item) => item.values)))
  const top = ticks.at(-1)!
  // Hundredths of the plot: finer than any screen shows.
  const x = (index: number) => (count > 1 ? round((index / (count - 1)) * 100) : 50)
  const y = (value: number) => round(100 - (value / top) * 100)
  const describe = (index: number) =>
    `${days[index]}: ${series.map((item) => `${item.name.toLowerCase()} ${format(item.values[index]!)}`).join(', ')}`
  const focusStop = active ?? count - 1

  const show = (index: number) => {
    setActive(index)
    setTooltipShown(true)
  }
  const moveFocus = (index: number) => {
    const next = Math.min(count - 1, Math.max(0, index))
    show(next)
    plot.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: focusStop + 1,
      ArrowUp: focusStop + 1,
      ArrowLeft: focusStop - 1,
      ArrowDown: focusStop - 1,
      Home: 0,
      End: count - 1,
    }
    if (event.key === 'Escape') {
      setTooltipShown(false)
      return
    }
    const target = keys[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveFocus(target)
  }
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width === 0) return
    show(Math.round(((event.clientX - box.left) / box.width) * (count - 1)))
  }

  const activeTop = active === null ? 0 : y(series[0]!.values[active]!)
  const activeLeft = active === null ? 0 : x(active)
  return (
    <div style={{ padding: '0.75rem 0.5rem 2rem 3.75rem' }}>
      <div
        ref={plot}
        role="group"
        aria-label={label}
        aria-describedby={interactive ? hintId : undefined}
        onKeyDown={interactive ? onKeyDown : undefined}
        onPointerMove={interactive ? onPointer : undefined}
        onPointerDown={interactive ? onPointer : undefined}
        onPointerLeave={() => {
          if (!plot.current?.contains(document.activeElement)) setActive(null)
        }}
        onBlur={(event) => {
          if (!plot.current?.contains(event.relatedTarget)) setActive(null)
        }}
        style={{ position: 'relative', height: '15rem', touchAction: 'pan-y' }}
      >
        {ticks.map((tick) => (
          <span
            key={tick}
            aria-hidden="true"
            className="text-xs text-muted"
            style={{
              position: 'absolute',
              right: 'calc(100% + 0.5rem)',
              bottom: `${round(100 - y(tick))}%`,
              transform: 'translateY(50%)',
            }}
          >
            {formatAxis(tick)}
          </span>
        ))}
        {labelIndexes(count, 4).map((index) => (
          <span
            key={index}
            aria-hidden="true"
            className="text-xs whitespace-nowrap text-muted"
            style={{
              position: 'absolute',
              top: 'calc(100% + 0.5rem)',
              left: `${x(index)}%`,
              transform: `translateX(${index === 0 && count > 1 ? '0' : index === count - 1 && count > 1 ? '-100%' : '-50%'})`,
            }}
          >
            {axisLabels[index]}
          </span>
        ))}
        <svg
          aria-hidden="true"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible' }}
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1="0"
              x2="100"
              y1={y(tick)}
              y2={y(tick)}
              style={{ stroke: tick === 0 ? 'var(--color-muted)' : 'var(--color-slate-200)' }}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {active !== null ? (
            <line
              x1={activeLeft}
              x2={activeLeft}
              y1="0"
              y2="100"
              style={{ stroke: 'var(--color-muted)' }}
              strokeDasharray="2 3"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {series.map((item) => (
            <path
              key={item.name}
              d={linePath(item.values, top)}
              fill="none"
              style={{ stroke: item.color }}
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeDasharray={item.dashed ? '6 4' : undefined}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {interactive ? (
          <>
            <span id={hintId} className="sr-only">
              Use the arrow keys to move from day to day.
            </span>
            {days.map((day, index) => (
              <span
                key={day}
                data-index={index}
                role="img"
                aria-label={describe(index)}
                tabIndex={index === focusStop ? 0 : -1}
                onFocus={() => show(index)}
                style={{
                  position: 'absolute',
                  left: `${x(index)}%`,
                  top: `${y(series[0]!.values[index]!)}%`,
                  width: '0.75rem',
                  height: '0.75rem',
                  transform: 'translate(-50%, -50%)',
                  borderRadius: '9999px',
                  background: index === active ? series[0]!.color : 'transparent',
                  border: index === active ? '2px solid var(--color-surface)' : 'none',
                }}
              />
            ))}
            {active !== null
              ? series.slice(1).map((item) => (
                  <span
                    key={item.name}
                    aria-hidden="true"
                    style={{
                      position: 'absolute',
                      left: `${activeLeft}%`,
                      top: `${y(item.values[active]!)}%`,
                      width: '0.625rem',
                      height: '0.625rem',
                      transform: 'translate(-50%, -50%)',
                      background: item.color,
                      border: '2px solid var(--color-surface)',
                    }}
                  />
                ))
              : null}
          </>
        ) : null}
        {active !== null && tooltipShown ? (
          <div
            aria-hidden="true"
            className={tooltipClass}
            style={{
              ...tooltipStyle,
              left: `${activeLeft}%`,
              top: activeTop > 40 ? `calc(${activeTop}% - 1rem)` : `calc(${activeTop}% + 1rem)`,
              transform: `translate(${activeLeft < 25 ? '0' : activeLeft > 75 ? '-100%' : '-50%'}, ${activeTop > 40 ? '-100%' : '0'})`,
            }}
          >
            <p className="font-semibold">{days[active]}</p>
            {series.map((item) => (
              <p key={item.name} className="flex items-center gap-2">
                <LineSwatch color="var(--color-white)" dashed={item.dashed} />
                {item.name}: {format(item.values[active]!)}
              </p>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  )
}

export interface Bar {
  name: string
  value: number
  /** The value as the bar's label shows it. */
  valueText: string
  /** Everything about the bar, for its tooltip and, once the page has hydrated, its accessible name. */
  detail: string
}

/**
 * Horizontal bars, one per item, each with its name and value written
 * beside it. Each bar is a tab stop once the page has hydrated; focus or
 * the pointer shows its tooltip, Escape hides it.
 */
export function BarList({ label, bars, color }: { label: string; bars: Bar[]; color: string }) {
  const interactive = useHydrated()
  const [active, setActive] = useState<number | null>(null)
  const largest = Math.max(0, ...bars.map((bar) => bar.value))
  return (
    <ul aria-label={label} className="space-y-3">
      {bars.map((bar, index) => {
        const share = largest > 0 ? (bar.value / largest) * 100 : 0
        return (
          <li key={bar.name}>
            <p className="flex justify-between gap-3 text-sm">
              <span className="font-semibold text-ink">{bar.name}</span>
              <span className="text-muted">{bar.valueText}</span>
            </p>
            <div style={{ position: 'relative', marginTop: '0.25rem' }}>
              <div
                role="img"
                // Its figures in full once it can be focused and show them;
                // before that the table under the chart holds them.
                aria-label={interactive ? bar.detail : `${bar.name}: ${bar.valueText}`}
                tabIndex={interactive ? 0 : undefined}
                onFocus={() => setActive(index)}
                onBlur={() => setActive(null)}
                onPointerEnter={() => setActive(index)}
                onPointerLeave={() => setActive(null)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setActive(null)
                }}
                style={{ height: '0.875rem', borderRadius: '9999px', background: 'var(--color-slate-100)' }}
              >
                <div
                  style={{
                    width: `${round(share)}%`,
                    minWidth: bar.value > 0 ? '0.25rem' : 0,
                    height: '100%',
                    borderRadius: '9999px',
                    background: color,
                  }}
                />
              </div>
              {active === index ? (
                <div
                  aria-hidden="true"
                  className={tooltipClass}
                  style={{
                    ...tooltipStyle,
                    bottom: 'calc(100% + 0.5rem)',
                    left: `${Math.min(round(share), 40)}%`,
                    width: 'max-content',
                    maxWidth: 'min(20rem, 60vw)',
                    whiteSpace: 'normal',
                  }}
                >
                  {bar.detail}
                </div>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

// Charts drawn once, at build: a case study's engagement
// (docs/product.md#case-studies). Pure SVG in a fixed viewBox, so the page
// holds its size before any style or script arrives (CLS 0) and stays sharp
// at any pixel ratio; no script, since nothing in them moves. Colors come
// from the theme's variables, so both themes draw them. The drawing is
// hidden from assistive technology: the figure around it gives its caption
// and the table of its figures.

/** Stacked bars' colors, bottom part first: 3:1 or more against the page in both themes. */
export const partColors = ['var(--color-brand-600)', 'var(--color-cta-600)', 'var(--color-slate-400)'] as const
const mutedText = { fill: 'var(--color-muted)' }

export interface Column {
  /** Its name under the axis. */
  short: string
  /** Of the baseline (before kickoff, or a year earlier): drawn paler, under the baseline's bracket. */
  before: boolean
  /** The parts of its bar, bottom first, each drawn in `partColors` order. */
  parts: number[]
}

const columnBox = { width: 340, height: 220, left: 34, right: 4, top: 28, bottom: 22 }

/**
 * Bars over time, one per period, stacked when a period has several parts;
 * the baseline's periods paler and bracketed apart from the engagement under
 * `baselineLabel` ("Before kickoff", or "A year earlier"), so the change
 * reads without color alone. Each period's bar is a `g` with `data-period`,
 * as tall as its total.
 */
export function ColumnChart({
  columns,
  formatAxis,
  baselineLabel = 'Before kickoff',
}: {
  columns: Column[]
  formatAxis: (value: number) => string
  baselineLabel?: string
}) {
  const { width, height, left, right, top, bottom } = columnBox
  const plotWidth = width - left - right
  const plotHeight = height - top - bottom
  const totals = columns.map((column) => column.parts.reduce((sum, part) => sum + part, 0))
  const ticks = niceTicks(Math.max(0, ...totals))
  const ceiling = ticks.at(-1)!
  const y = (value: number) => round(top + plotHeight - (value / ceiling) * plotHeight)
  const band = plotWidth / columns.length
  const barWidth = round(band * 0.64)
  const baseline = columns.filter((column) => column.before).length
  const kickoff = round(left + baseline * band)
  const bracket = (from: number, to: number, text: string) => (
    <g>
      <path
        d={`M${round(from + 2)} 19v-5H${round(to - 2)}v5`}
        fill="none"
        style={{ stroke: 'var(--color-slate-400)' }}
        strokeWidth="1"
      />
      <text x={round((from + to) / 2)} y="9" textAnchor="middle" fontSize="11" style={mutedText}>
        {text}
      </text>
    </g>
  )
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      style={{ display: 'block', width: '100%', height: 'auto', overflow: 'visible' }}
    >
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={left}
            x2={width - right}
            y1={y(tick)}
            y2={y(tick)}
            style={{ stroke: tick === 0 ? 'var(--color-muted)' : 'var(--color-slate-200)' }}
            strokeWidth="1"
          />
          <text x={left - 6} y={y(tick) + 3.5} textAnchor="end" fontSize="11" style={mutedText}>
            {formatAxis(tick)}
          </text>
        </g>
      ))}
      {baseline > 0 ? (
        <>
          {bracket(left, kickoff, baselineLabel)}
          {bracket(kickoff, width - right, 'Engagement')}
          <line
            x1={kickoff}
            x2={kickoff}
            y1={top - 4}
            y2={top + plotHeight}
            style={{ stroke: 'var(--color-slate-400)' }}
            strokeDasharray="3 3"
            strokeWidth="1"
          />
        </>
      ) : null}
      {columns.map((column, index) => {
        const x = round(left + index * band + (band - barWidth) / 2)
        let reached = 0
        return (
          <g key={index} data-period={column.short} style={{ opacity: column.before ? 0.5 : 1 }}>
            {column.parts.map((part, partIndex) => {
              const from = reached
              reached += part
              return (
                <rect
                  key={partIndex}
                  x={x}
                  y={y(reached)}
                  width={barWidth}
                  height={round(y(from) - y(reached))}
                  style={{ fill: partColors[partIndex] }}
                />
              )
            })}
          </g>
        )
      })}
      {columns.map((column, index) => (
        <text
          key={index}
          x={round(left + index * band + band / 2)}
          y={height - 6}
          textAnchor="middle"
          fontSize="11"
          style={mutedText}
        >
          {column.short}
        </text>
      ))}
    </svg>
  )
}

export interface FunnelStage {
  stage: string
  before: { count: number; text: string; share: string }
  after: { count: number; text: string; share: string }
}

/**
 * A funnel before and after: for each stage its name, then a bar for the
 * cohort before (paler, above) and one for the cohort after, each followed
 * by its count and its share of the first stage. All bars share one scale.
 * The names and figures are HTML, so they keep their size at any width; each
 * bar is an SVG that stretches to its row (docs/decisions/019-own-svg-charts.md).
 */
export function FunnelChart({ stages }: { stages: FunnelStage[] }) {
  const largest = Math.max(1, ...stages.flatMap((stage) => [stage.before.count, stage.after.count]))
  const bar = (cohort: FunnelStage['before'], fill: string) => (
    <p className="flex items-center gap-3 text-sm">
      <svg
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        width="100"
        height="14"
        style={{ display: 'block', flex: '1 1 0', minWidth: 0, height: '0.875rem' }}
      >
        <rect x="0" y="0" width={Math.max(0.5, round((100 * cohort.count) / largest))} height="10" style={{ fill }} />
      </svg>
      <span className="w-28 shrink-0 text-ink">{`${cohort.text} (${cohort.share})`}</span>
    </p>
  )
  return (
    <div aria-hidden="true" className="space-y-4">
      {stages.map((stage) => (
        <div key={stage.stage} data-stage={stage.stage}>
          <p className="mb-1.5 text-sm font-semibold text-ink">{stage.stage}</p>
          <div className="space-y-1">
            {bar(stage.before, 'var(--color-slate-400)')}
            {bar(stage.after, 'var(--color-brand-600)')}
          </div>
        </div>
      ))}
    </div>
  )
}
