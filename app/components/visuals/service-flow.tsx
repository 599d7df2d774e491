import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Flow = Extract<ServiceSample, { kind: 'flow' }>

/** Steps joined by arrows, top to bottom, what leads from one to the next written on its arrow. */
export function ServiceFlow({ sample }: { sample: Flow }) {
  const box = 46
  const gap = 26
  const width = drawingWidth - 2
  const height = sample.steps.length * box + (sample.steps.length - 1) * gap + 2
  return (
    <svg {...drawingProps(height)}>
      {sample.steps.map((step, index) => {
        const top = 1 + index * (box + gap)
        const last = index === sample.steps.length - 1
        return (
          <g key={step.title}>
            <rect x="1" y={top} width={width} height={box} rx="10" style={paint.card} />
            <circle cx="24" cy={top + box / 2} r="12" style={paint.accent} />
            <text
              x="24"
              y={top + box / 2 + 4}
              fontSize="12"
              fontWeight="700"
              textAnchor="middle"
              style={paint.onAccent}
            >
              {index + 1}
            </text>
            <text x="46" y={top + 20} fontSize="13" fontWeight="600" style={paint.ink}>
              {step.title}
            </text>
            <text x="46" y={top + 36} fontSize="11" style={paint.muted}>
              {step.detail}
            </text>
            {last ? null : (
              <g>
                <path d={`M24 ${top + box + 3}v${gap - 9}`} strokeWidth="2" style={paint.accentLine} />
                <path d={`M19 ${top + box + gap - 8}l5 6 5-6z`} style={paint.accent} />
                {step.then ? (
                  <text x="40" y={top + box + gap / 2 + 4} fontSize="11" fontStyle="italic" style={paint.brandText}>
                    {step.then}
                  </text>
                ) : null}
              </g>
            )}
          </g>
        )
      })}
    </svg>
  )
}
