import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Board = Extract<ServiceSample, { kind: 'board' }>

/** Columns of cards, each column headed by its title and count (a sprint board, an editorial calendar). */
export function ServiceBoard({ sample }: { sample: Board }) {
  const gap = 6
  const count = sample.columns.length
  const width = (drawingWidth - gap * (count - 1)) / count
  const card = 54
  // Room for the longest column and half a card more, so a column reads as open for more work.
  const deepest = Math.max(...sample.columns.map((column) => column.cards.length))
  const height = 38 + (deepest + 0.5) * (card + 6)
  return (
    <svg {...drawingProps(height)}>
      {sample.columns.map((column, index) => {
        const left = Math.round(index * (width + gap) * 10) / 10
        return (
          <g key={column.title}>
            <rect x={left} y="0" width={width} height={height} rx="8" style={paint.panel} />
            <text x={left + 8} y="20" fontSize="11" fontWeight="700" style={paint.ink}>
              {column.title}
            </text>
            <text x={left + width - 8} y="20" fontSize="10" textAnchor="end" style={paint.muted}>
              {column.cards.length}
            </text>
            {column.cards.map((item, position) => {
              const top = 32 + position * (card + 6)
              return (
                <g key={item.title}>
                  <rect x={left + 4} y={top} width={width - 8} height={card} rx="6" style={paint.card} />
                  <text x={left + 9} y={top + 20} fontSize="10.5" fontWeight="600" style={paint.ink}>
                    {item.title}
                  </text>
                  {item.tag ? (
                    <g>
                      <rect
                        x={left + 9}
                        y={top + 30}
                        width={item.tag.length * 5.2 + 12}
                        height="15"
                        rx="7.5"
                        style={paint.tint}
                      />
                      <text x={left + 15} y={top + 41} fontSize="9.5" style={paint.brandText}>
                        {item.tag}
                      </text>
                    </g>
                  ) : null}
                </g>
              )
            })}
          </g>
        )
      })}
    </svg>
  )
}
