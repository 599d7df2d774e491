import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Report = Extract<ServiceSample, { kind: 'report' }>

/** A report card: the period and the column heads, then a row of figures per line (paid ads' weekly card). */
export function ServiceReport({ sample }: { sample: Report }) {
  const head = 34
  const row = 44
  const height = head + sample.rows.length * row
  const columnRight = (index: number) => drawingWidth - 12 - (sample.columns.length - 1 - index) * 70
  return (
    <svg {...drawingProps(height)}>
      <rect x="0.5" y="0.5" width={drawingWidth - 1} height={height - 1} rx="10" style={paint.card} />
      <text x="12" y="22" fontSize="12" fontWeight="700" style={paint.brandText}>
        {sample.period}
      </text>
      {sample.columns.map((column, index) => (
        <text key={column} x={columnRight(index)} y="22" fontSize="11" textAnchor="end" style={paint.muted}>
          {column}
        </text>
      ))}
      {sample.rows.map((line, index) => {
        const top = head + index * row
        return (
          <g key={line.name}>
            {index % 2 === 0 ? <rect x="1" y={top} width={drawingWidth - 2} height={row} style={paint.wash} /> : null}
            <rect x="12" y={top + 15} width="4" height="14" rx="2" style={paint.accent} />
            <text x="24" y={top + 27} fontSize="13" fontWeight="600" style={paint.ink}>
              {line.name}
            </text>
            {line.figures.map((figure, column) => (
              <text
                key={column}
                x={columnRight(column)}
                y={top + 27}
                fontSize="13"
                textAnchor="end"
                style={column === line.figures.length - 1 ? paint.brandText : paint.ink}
                fontWeight={column === line.figures.length - 1 ? 700 : 400}
              >
                {figure}
              </text>
            ))}
          </g>
        )
      })}
    </svg>
  )
}
