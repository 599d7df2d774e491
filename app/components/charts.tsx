import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react'
import { labelIndexes, linePath, niceTicks } from '#app/lib/chart-scale.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'

// The dashboard's charts, drawn with SVG and HTML of our own, without a
// charting library (docs/decisions/019-own-svg-charts.md). Geometry goes in
// inline styles rather than utility classes: it belongs to this page alone,
// and classes would add to the stylesheet every page inlines
// (docs/decisions/006-inline-stylesheet.md). Every chart sits beside a text
// equivalent (a table or a description) that the page renders; the charts'
// own tooltips repeat, for pointer and keyboard, what that text says.

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
