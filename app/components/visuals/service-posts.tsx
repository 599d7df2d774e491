import type { ServiceSample } from '#app/lib/content/schemas.ts'
import { drawingProps, drawingWidth, paint } from './service-drawing.ts'

type Posts = Extract<ServiceSample, { kind: 'posts' }>

/** A week of posts as a grid of square-ish tiles, three by two: its day, its format and what it is. */
export function ServicePosts({ sample }: { sample: Posts }) {
  const gap = 8
  const width = (drawingWidth - 2 * gap) / 3
  const tile = 118
  const height = 2 * tile + gap
  return (
    <svg {...drawingProps(height)}>
      {sample.posts.map((post, index) => {
        const left = Math.round((index % 3) * (width + gap) * 10) / 10
        const top = Math.floor(index / 3) * (tile + gap)
        return (
          <g key={`${post.day}-${post.title}`}>
            <rect x={left + 0.5} y={top + 0.5} width={width - 1} height={tile - 1} rx="10" style={paint.card} />
            <rect x={left + 6} y={top + 6} width={width - 12} height="58" rx="6" style={paint.tint} />
            {/* A picture's place: a sun over a hill, as wireframes draw one. */}
            <circle cx={left + width - 30} cy={top + 24} r="7" style={paint.accent} opacity="0.5" />
            <path
              d={`M${left + 6} ${top + 64}l30 -24 20 14 22 -18 ${width - 90} 28z`}
              style={paint.accent}
              opacity="0.3"
            />
            <text x={left + 12} y={top + 22} fontSize="11" fontWeight="700" style={paint.ink}>
              {post.day}
            </text>
            <text x={left + 10} y={top + 86} fontSize="11" fontWeight="600" style={paint.ink}>
              {post.title}
            </text>
            <text x={left + 10} y={top + 104} fontSize="11" style={paint.brandText}>
              {post.format}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
