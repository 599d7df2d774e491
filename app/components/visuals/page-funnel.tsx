import type { PageVisual } from '#app/lib/content/schemas.ts'

type Funnel = Extract<PageVisual, { kind: 'funnel' }>

const width = 340
const row = 48
const top = 8

/**
 * An industry's funnel as its page's copy describes it (docs/product.md#industries):
 * the stages top to bottom, narrowing, each beside the work done there. A
 * diagram, not a chart: the narrowing shows the order, never a count.
 */
export function PageFunnel({ title, stages }: Omit<Funnel, 'kind'>) {
  const height = top * 2 + stages.length * row
  const step = 28 / stages.length
  return (
    <svg
      role="img"
      aria-label={`${title}: ${stages.map((stage) => `${stage.stage}, ${stage.work}`).join('; ')}.`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-testid="page-funnel"
    >
      {stages.map((stage, index) => {
        const y = top + index * row
        const upper = 30 - index * step
        const lower = 30 - (index + 1) * step
        return (
          <g key={stage.stage}>
            <polygon
              points={`${36 - upper},${y + 2} ${36 + upper},${y + 2} ${36 + lower},${y + row - 2} ${36 - lower},${y + row - 2}`}
              className={index === stages.length - 1 ? 'fill-cta-400' : 'fill-brand-700'}
              style={index === stages.length - 1 ? undefined : { opacity: 1 - index * 0.1 }}
            />
            <text x="80" y={y + 20} className="fill-ink text-[13px] font-semibold">
              {stage.stage}
            </text>
            <text x="80" y={y + 37} className="fill-muted text-xs">
              {stage.work}
            </text>
            {index < stages.length - 1 ? (
              <line x1="80" x2={width - 4} y1={y + row} y2={y + row} className="stroke-slate-200" />
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}
