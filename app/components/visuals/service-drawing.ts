import type { CSSProperties } from 'react'

// What the service samples' drawings share (app/components/visuals/service-*.tsx):
// one width, so text in every drawing is set at the same size, and the
// theme's colors as inline styles, so both themes draw them without adding
// to the stylesheet every page inlines (docs/decisions/019-own-svg-charts.md).

/** The drawings' viewBox width: the hero's side column at 1280 px, inside its figure's padding, drawn 1:1. */
export const drawingWidth = 360

export const paint = {
  ink: { fill: 'var(--color-ink)' },
  muted: { fill: 'var(--color-muted)' },
  brandText: { fill: 'var(--color-brand-700)' },
  panel: { fill: 'var(--color-slate-50)', stroke: 'var(--color-slate-200)' },
  card: { fill: 'var(--color-surface)', stroke: 'var(--color-slate-200)' },
  wash: { fill: 'var(--color-slate-100)' },
  tint: { fill: 'var(--color-brand-50)' },
  accent: { fill: 'var(--color-brand-600)' },
  /** Text on `accent`: white on the light theme's indigo, the dark page color on the dark theme's. */
  onAccent: { fill: 'var(--color-surface)' },
  line: { stroke: 'var(--color-slate-300)', fill: 'none' },
  accentLine: { stroke: 'var(--color-brand-600)', fill: 'none' },
} satisfies Record<string, CSSProperties>

/** The props of a drawing's `svg`: hidden from assistive technology (the figure's text says it all), sized by its viewBox. */
export function drawingProps(height: number) {
  return {
    'aria-hidden': true,
    viewBox: `0 0 ${drawingWidth} ${height}`,
    width: drawingWidth,
    height,
    style: { display: 'block', width: '100%', height: 'auto' } satisfies CSSProperties,
  } as const
}
