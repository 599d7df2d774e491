import type { CityFrontmatter } from '#app/lib/content/schemas.ts'

type Area = CityFrontmatter['areas'][number]

/** The drawing's size; the page scales it to its column, the box known before it paints. */
const WIDTH = 400
const HEIGHT = 288
const CENTER = { x: WIDTH / 2, y: HEIGHT / 2 + 6 }
/** The outer ring's radius. */
const RADIUS = 118
/** Approximate width of a character of a 12 px label, to keep labels apart and inside the frame. */
const CHAR = 6.4
const LINE = 15

const compass = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest']

/** "northeast" for 40 degrees. */
export function compassPoint(bearing: number): string {
  return compass[Math.round(bearing / 45) % 8]!
}

/** The rings' step in miles: 1, 2, 5, 10 or 20, for two to four rings up to the farthest place. */
export function ringStep(farthest: number): number {
  return [1, 2, 5, 10, 20].find((step) => farthest / step <= 4) ?? 20
}

/**
 * Where a place is drawn: its bearing as is, its distance on a square-root
 * scale, so the places near downtown do not pile up on it while the far ones
 * still fit. The rings are drawn on the same scale and labeled in miles.
 */
function radiusOf(miles: number, outer: number): number {
  return RADIUS * Math.sqrt(miles / outer)
}

interface Label {
  name: string
  x: number
  y: number
  labelX: number
  labelY: number
  anchor: 'start' | 'end'
}

/** How far a label may stand from its dot: its near edge this far beside it, its middle this far above or below. */
export const LABEL_GAP = 7
export const LABEL_REACH = 12
/** A dot's radius. */
const DOT = 4.5

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

/** The scale's legend, bottom left, as the map writes it. */
const scaleLegend = (step: number, outer: number) => `Rings every ${step} miles (${outer} miles out)`

/**
 * Each place's dot and label. A label stands beside its dot, on the side away
 * from the center where it fits, else on the other, moved up or down by at
 * most LABEL_REACH where another label, a dot or the frame's legends are in
 * the way, so that every label reads as its dot's; the city's own name goes
 * under its dot, or over or beside it where a place close to downtown needs
 * the room.
 * Placed from the top of the map down; where a label finds no place, the
 * labels before it try their next places (a few a map: the search is short).
 */
export function placeLabels(
  city: string,
  areas: Area[],
  outer: number,
): {
  cityLabel: { x: number; y: number; anchor: 'start' | 'middle' | 'end' }
  labels: Label[]
} {
  const points = areas
    .map((area) => {
      const angle = (area.bearing * Math.PI) / 180
      const r = radiusOf(area.miles, outer)
      return { area, x: CENTER.x + r * Math.sin(angle), y: CENTER.y - r * Math.cos(angle) }
    })
    .sort((a, b) => a.y - b.y)
  const fixed: Box[] = [
    // The city's own dot.
    { left: CENTER.x - 7, right: CENTER.x + 7, top: CENTER.y - 7, bottom: CENTER.y + 7 },
    // The scale's legend (11 px, about 5.9 px a character), bottom left, and the north arrow, top right.
    { left: 0, right: 10 + scaleLegend(ringStep(outer), outer).length * 5.9, top: HEIGHT - 22, bottom: HEIGHT },
    { left: WIDTH - 40, right: WIDTH, top: 0, bottom: 54 },
    // Every place's dot.
    ...points.map(({ x, y }) => ({ left: x - DOT, right: x + DOT, top: y - DOT, bottom: y + DOT })),
  ]
  const shifts = [0, -3, 3, -6, 6, -9, 9, -LABEL_REACH, LABEL_REACH]
  /**
   * The city's name (12 px bold, about 7 px a character) under its dot; over it, or beside it, where a
   * place close to downtown needs the room.
   */
  const nameWidth = city.length * 7
  const cityName = [
    { anchor: 'middle' as const, left: CENTER.x - nameWidth / 2, top: CENTER.y + 8 },
    { anchor: 'middle' as const, left: CENTER.x - nameWidth / 2, top: CENTER.y - 23 },
    { anchor: 'end' as const, left: CENTER.x - 10 - nameWidth, top: CENTER.y - LINE / 2 },
    { anchor: 'start' as const, left: CENTER.x + 10, top: CENTER.y - LINE / 2 },
  ].map((box) => ({ ...box, right: box.left + nameWidth, bottom: box.top + LINE }))
  /** Each label's candidate boxes, in order of preference: the city's name first, then each place's. */
  const candidates = [
    cityName,
    ...points.map(({ area, x, y }) => {
      const width = area.name.length * CHAR
      const outward: 'start' | 'end' = x >= CENTER.x ? 'start' : 'end'
      return [outward, outward === 'start' ? 'end' : 'start'].flatMap((anchor) =>
        shifts.map((shift) => {
          const left = anchor === 'start' ? x + LABEL_GAP : x - LABEL_GAP - width
          const top = y - LINE / 2 + shift
          return { anchor: anchor as 'start' | 'end', left, right: left + width, top, bottom: top + LINE }
        }),
      )
    }),
  ]
  const clear = (box: Box, taken: Box[]) =>
    box.left >= 2 &&
    box.right <= WIDTH - 2 &&
    box.top >= 2 &&
    box.bottom <= HEIGHT - 2 &&
    taken.every(
      (other) =>
        box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top,
    )
  /** The first choice of a box for each place from `index` on that clears the boxes already `taken`. */
  const place = (index: number, taken: Box[]): Box[] | undefined => {
    if (index === candidates.length) return []
    for (const box of candidates[index]!) {
      if (!clear(box, taken)) continue
      const rest = place(index + 1, [...taken, box])
      if (rest) return [box, ...rest]
    }
    return undefined
  }
  const [name, ...boxes] = (place(0, fixed) ?? candidates.map((choices) => choices[0]!)) as (Box & {
    anchor: Label['anchor'] | 'middle'
  })[]
  return {
    cityLabel: {
      x: name!.anchor === 'middle' ? CENTER.x : name!.anchor === 'start' ? name!.left : name!.right,
      y: name!.bottom - 4,
      anchor: name!.anchor,
    },
    labels: points.map(({ area, x, y }, index) => {
      const box = boxes[index]! as Box & { anchor: Label['anchor'] }
      return {
        name: area.name,
        x,
        y,
        labelX: box.anchor === 'start' ? box.left : box.right,
        labelY: box.bottom - 4,
        anchor: box.anchor,
      }
    }),
  }
}

/** What the map says, for screen readers: each place with its direction and distance. */
export function mapDescription(city: string, areas: Area[]): string {
  const places = areas.map((area) => `${area.name}, about ${area.miles} miles ${compassPoint(area.bearing)}`)
  return `Map of the ${city} metro, the places this page names by direction and distance from downtown ${city}: ${places.join('; ')}.`
}

/**
 * A map of the metro as the page's copy describes it
 * (docs/product.md#locations): downtown at the center, each place the page
 * names (content/cities/<slug>.md, `areas`) at its compass bearing and
 * approximate distance, with rings in miles. Drawn at build as SVG, in the
 * theme's colors; its text equivalent is its label.
 */
export function CityMap({ city, areas }: { city: string; areas: Area[] }) {
  const farthest = Math.max(...areas.map((area) => area.miles))
  const step = ringStep(farthest)
  const outer = Math.ceil(farthest / step) * step
  const rings = Array.from({ length: outer / step }, (_, index) => (index + 1) * step)
  const { cityLabel, labels } = placeLabels(city, areas, outer)
  return (
    <figure className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-slate-200">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={mapDescription(city, areas)}
        className="block h-auto w-full"
      >
        <rect width={WIDTH} height={HEIGHT} className="fill-brand-50" />
        {rings.map((miles) => (
          <circle
            key={miles}
            cx={CENTER.x}
            cy={CENTER.y}
            r={radiusOf(miles, outer)}
            className="fill-none stroke-brand-200"
            strokeDasharray="3 4"
          />
        ))}
        <text x={10} y={HEIGHT - 10} className="fill-muted text-[11px]">
          {scaleLegend(step, outer)}
        </text>
        <g aria-hidden="true">
          <path d={`M ${WIDTH - 28} 34 l 6 -16 l 6 16 z`} className="fill-brand-700" />
          <text x={WIDTH - 22} y={48} textAnchor="middle" className="fill-ink text-[11px] font-semibold">
            N
          </text>
        </g>
        <circle cx={CENTER.x} cy={CENTER.y} r={7} className="fill-brand-700" />
        <text x={cityLabel.x} y={cityLabel.y} textAnchor={cityLabel.anchor} className="fill-ink text-[12px] font-bold">
          {city}
        </text>
        {labels.map((label) => (
          <g key={label.name}>
            <circle cx={label.x} cy={label.y} r={4.5} className="fill-cta-600" />
            <text
              x={label.labelX}
              y={label.labelY}
              textAnchor={label.anchor}
              className="fill-ink text-[12px] font-medium"
            >
              {label.name}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="border-t border-slate-200 px-4 py-2 text-xs text-muted">
        Places named on this page, by direction and approximate distance from downtown {city}.
      </figcaption>
    </figure>
  )
}
