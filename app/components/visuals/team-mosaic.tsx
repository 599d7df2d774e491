import { TeamAvatar } from '#app/components/visuals/team-avatar.tsx'

export interface Person {
  name: string
  role: string
}

const width = 340
const columns = 3
const cell = width / columns
const face = 72
const rowHeight = 104

/**
 * The team page's picture (docs/product.md#visual-proof): everyone on the team,
 * each as the abstract picture drawn from their name (`TeamAvatar`), with
 * their first name, in the order the page lists them (their roles are in the
 * text equivalent and the cards below).
 */
export function TeamMosaic({ members }: { members: Person[] }) {
  const rows = Math.ceil(members.length / columns)
  const height = rows * rowHeight - 8
  return (
    <svg
      role="img"
      aria-label={`The team, each pictured by an abstract drawing made from their name: ${members
        .map((member) => `${member.name}, ${member.role}`)
        .join('; ')}.`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-testid="team-mosaic"
    >
      {members.map((member, index) => {
        // A last row that is not full is centered.
        const row = Math.floor(index / columns)
        const inRow = row === rows - 1 ? members.length - row * columns : columns
        const offset = ((columns - inRow) * cell) / 2
        const x = offset + (index % columns) * cell + cell / 2
        const y = row * rowHeight
        return (
          <g key={member.name}>
            <TeamAvatar name={member.name} size={face} x={x - face / 2} y={y} />
            <text x={x} y={y + face + 18} textAnchor="middle" className="fill-ink text-[13px] font-semibold">
              {member.name.split(' ')[0]}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
