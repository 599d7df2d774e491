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

/** Each place's dot and label, labels moved down until they overlap no other and kept inside the frame. */
export function placeLabels(areas: Area[], outer: number): Label[] {
  const placed: { left: number; right: number; top: number; bottom: number }[] = [
    // The city's own label under the center dot.
    { left: CENTER.x - 40, right: CENTER.x + 40, top: CENTER.y + 6, bottom: CENTER.y + 6 + LINE },
    // The scale, bottom left, and the north arrow, top right.
    { left: 0, right: 230, top: HEIGHT - 24, bottom: HEIGHT },
    { left: WIDTH - 40, right: WIDTH, top: 0, bottom: 54 },
  ]
  return [...areas]
    .map((area) => {
      const angle = (area.bearing * Math.PI) / 180
      const r = radiusOf(area.miles, outer)
      return { area, x: CENTER.x + r * Math.sin(angle), y: CENTER.y - r * Math.cos(angle) }
    })
    .sort((a, b) => a.y - b.y)
    .map(({ area, x, y }) => {
      const width = area.name.length * CHAR
      let anchor: 'start' | 'end' = x >= CENTER.x ? 'start' : 'end'
      if (anchor === 'start' && x + 8 + width > WIDTH - 6) anchor = 'end'
      if (anchor === 'end' && x - 8 - width < 6) anchor = 'start'
      const labelX = anchor === 'start' ? x + 8 : x - 8
      const left = anchor === 'start' ? labelX : labelX - width
      const overlaps = (top: number) =>
        placed.some((box) => left < box.right && left + width > box.left && top < box.bottom && top + LINE > box.top)
      // The nearest free place, down or up, inside the frame.
      const inside = (top: number) => Math.min(Math.max(top, 2), HEIGHT - LINE - 2)
      const shifts = Array.from({ length: 40 }, (_, index) => (index % 2 ? -1 : 1) * Math.ceil(index / 2) * 3)
      const top = inside(y - LINE / 2 + (shifts.find((shift) => !overlaps(inside(y - LINE / 2 + shift))) ?? 0))
      placed.push({ left, right: left + width, top, bottom: top + LINE })
      return { name: area.name, x, y, labelX, labelY: top + LINE - 4, anchor }
    })
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
  const labels = placeLabels(areas, outer)
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
          {`Rings every ${step} miles (${outer} miles out)`}
        </text>
        <g aria-hidden="true">
          <path d={`M ${WIDTH - 28} 34 l 6 -16 l 6 16 z`} className="fill-brand-700" />
          <text x={WIDTH - 22} y={48} textAnchor="middle" className="fill-ink text-[11px] font-semibold">
            N
          </text>
        </g>
        <circle cx={CENTER.x} cy={CENTER.y} r={7} className="fill-brand-700" />
        <text x={CENTER.x} y={CENTER.y + 20} textAnchor="middle" className="fill-ink text-[12px] font-bold">
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
