import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Dashboard = Extract<ServiceSample, { kind: 'dashboard' }>

const round = (value: number) => Math.round(value * 10) / 10

/** Four tiles of a dashboard, two by two: what each measures, its figure and its trend as a line. */
export function ServiceDashboard({ sample }: { sample: Dashboard }) {
  const gap = 8
  const tile = { width: (drawingWidth - gap) / 2, height: 118, gap }
  const height = tile.height * 2 + tile.gap
  return (
    <svg {...drawingProps(height)}>
      {sample.tiles.map((item, index) => {
        const left = (index % 2) * (tile.width + tile.gap) + 1
        const top = Math.floor(index / 2) * (tile.height + tile.gap) + 1
        const low = Math.min(...item.trend)
        const span = Math.max(...item.trend) - low || 1
        const spark = { left: left + 14, top: top + 74, width: tile.width - 28, height: 30 }
        const points = item.trend
          .map((value, step) => {
            const x = spark.left + (step / (item.trend.length - 1)) * spark.width
            const y = spark.top + spark.height - ((value - low) / span) * spark.height
            return `${round(x)},${round(y)}`
          })
          .join(' ')
        return (
          <g key={item.label}>
            <rect x={left} y={top} width={tile.width - 2} height={tile.height - 2} rx="10" style={paint.card} />
            <text x={left + 14} y={top + 24} fontSize="11" style={paint.muted}>
              {item.label}
            </text>
            <text x={left + 14} y={top + 56} fontSize="26" fontWeight="700" style={paint.ink}>
              {item.value}
            </text>
            <polyline
              points={points}
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              style={paint.accentLine}
            />
          </g>
        )
      })}
    </svg>
  )
}
