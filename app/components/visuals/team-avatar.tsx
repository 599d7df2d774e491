import { useId } from 'react'

/**
 * A person's picture on the site: not a photo and not a made-up face, but an
 * abstract landscape drawn from their name (docs/product.md#visual-proof): two
 * ridges and a sun, as in the logo, in the brand's colors. The same name
 * always gives the same picture, and different names different ones.
 */
export interface AvatarArt {
  /** The ground's and the two ridges' color classes. */
  ground: string
  back: string
  front: string
  /** The ridges as polygon points on a 64 by 64 square. */
  backRidge: string
  frontRidge: string
  /** The sun's center and radius. */
  sun: { x: number; y: number; r: number }
}

/** 32-bit FNV-1a: a small, well-spread hash, the same on every machine. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (const char of text) {
    value ^= char.codePointAt(0)!
    value = Math.imul(value, 0x01000193) >>> 0
  }
  return value
}

const grounds = ['fill-brand-50', 'fill-brand-100', 'fill-slate-100'] as const
const ridges = [
  ['fill-brand-600', 'fill-brand-900'],
  ['fill-brand-700', 'fill-brand-950'],
  ['fill-brand-200', 'fill-brand-700'],
  ['fill-slate-400', 'fill-brand-800'],
] as const

export function avatarArt(name: string): AvatarArt {
  let seed = hash(name.normalize('NFC'))
  /** The next `size` choices' worth of the hash. */
  const pick = (size: number) => {
    const value = seed % size
    seed = Math.floor(seed / size) || hash(`${name}${seed}`)
    return value
  }
  const ground = grounds[pick(grounds.length)]!
  const [back, front] = ridges[pick(ridges.length)]!
  const peak = 14 + pick(24)
  const backTop = 18 + pick(14)
  const frontPeak = 10 + pick(44)
  const frontTop = 34 + pick(12)
  const sunX = peak < 32 ? 40 + pick(12) : 12 + pick(12)
  return {
    ground,
    back,
    front,
    backRidge: `0,64 0,${backTop + 12} ${peak},${backTop} 64,${backTop + 18} 64,64`,
    frontRidge: `0,64 0,${frontTop + 8} ${frontPeak},${frontTop} 64,${frontTop + 10} 64,64`,
    sun: { x: sunX, y: 14 + pick(8), r: 5 + pick(4) },
  }
}

/**
 * The picture of `name`, `size` px across, round. Decorative: the name is
 * always written beside it. `x` and `y` place it inside another SVG.
 */
export function TeamAvatar({
  name,
  size,
  x,
  y,
  className,
}: {
  name: string
  size: number
  x?: number
  y?: number
  className?: string
}) {
  const art = avatarArt(name)
  const clip = `avatar-${useId().replace(/[^\w-]/g, '')}`
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      x={x}
      y={y}
      viewBox="0 0 64 64"
      className={className}
      data-avatar={name}
    >
      <clipPath id={clip}>
        <circle cx="32" cy="32" r="32" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect width="64" height="64" className={art.ground} />
        <circle cx={art.sun.x} cy={art.sun.y} r={art.sun.r} className="fill-cta-400" />
        <polygon points={art.backRidge} className={art.back} />
        <polygon points={art.frontRidge} className={art.front} />
      </g>
    </svg>
  )
}
