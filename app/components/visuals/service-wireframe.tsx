import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Wireframe = Extract<ServiceSample, { kind: 'wireframe' }>

/** A page in a browser frame, its blocks top to bottom as gray boxes with their names; the first holds a button. */
export function ServiceWireframe({ sample }: { sample: Wireframe }) {
  const bar = 28
  const unit = 20
  const gap = 8
  const inner = drawingWidth - 24
  const height = bar + 12 + sample.blocks.reduce((sum, block) => sum + block.rows * unit + gap, 0) + 4
  /** Each block's top: the blocks above it and their gaps. */
  const tops = sample.blocks.map((_, index) =>
    sample.blocks.slice(0, index).reduce((sum, block) => sum + block.rows * unit + gap, bar + 12),
  )
  return (
    <svg {...drawingProps(height)}>
      <rect x="0.5" y="0.5" width={drawingWidth - 1} height={height - 1} rx="10" style={paint.card} />
      <path d={`M1 ${bar}H${drawingWidth - 1}`} style={paint.line} />
      {[14, 26, 38].map((x) => (
        <circle key={x} cx={x} cy={bar / 2} r="3.5" style={paint.wash} />
      ))}
      <rect x="56" y="7" width="150" height="14" rx="7" style={paint.wash} />
      <text x="66" y="18" fontSize="11" style={paint.muted}>
        {sample.address}
      </text>
      {sample.blocks.map((block, index) => {
        const blockTop = tops[index]!
        const blockHeight = block.rows * unit
        const first = index === 0
        return (
          <g key={block.label}>
            <rect
              x="12"
              y={blockTop}
              width={inner}
              height={blockHeight}
              rx="6"
              style={first ? paint.tint : paint.wash}
            />
            <text
              x="24"
              y={blockTop + (first ? 22 : blockHeight / 2 + 4)}
              fontSize="12"
              fontWeight={first ? 700 : 500}
              style={first ? paint.ink : paint.muted}
            >
              {block.label}
            </text>
            {first ? (
              <rect x="24" y={blockTop + blockHeight - 24} width="96" height="16" rx="8" style={paint.accent} />
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}
