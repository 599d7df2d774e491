import { TeamAvatar } from '#app/components/visuals/team-avatar.tsx'
import type { Person } from '#app/components/visuals/team-mosaic.tsx'

/** Who builds: the roles of design and engineering; everyone else markets, writes or measures. */
const builds = /engineer|design/i

const width = 340
const face = 40
const overlap = 14

function Pile({ people, x, y, label }: { people: Person[]; x: number; y: number; label: string }) {
  return (
    <g>
      <text x={x} y={y} className="fill-muted text-xs font-semibold tracking-wide uppercase">
        {label}
      </text>
      {people.map((person, index) => (
        <g key={person.name}>
          <circle
            cx={x + index * (face - overlap) + face / 2}
            cy={y + 14 + face / 2}
            r={face / 2 + 2}
            className="fill-surface"
          />
          <TeamAvatar name={person.name} size={face} x={x + index * (face - overlap)} y={y + 14} />
        </g>
      ))}
      <text x={x} y={y + face + 34} className="fill-ink text-sm font-bold">
        {people.length} people
      </text>
    </g>
  )
}

/**
 * The about page's picture (docs/product.md#visual-proof): the agency's claim
 * drawn from its team page, marketers and engineers in one team: who markets
 * and measures, who designs and builds (by their roles), in one frame, and
 * the ad spend the agency manages (app/lib/site/site.ts).
 */
export function PageOneTeam({ members, adSpend }: { members: Person[]; adSpend: string }) {
  const makers = members.filter((member) => builds.test(member.role))
  const marketers = members.filter((member) => !builds.test(member.role))
  const height = 250
  return (
    <svg
      role="img"
      aria-label={`One team of ${members.length}: ${marketers.length} who market and measure (${marketers
        .map((member) => member.role)
        .join(', ')}) and ${makers.length} who design and build (${makers
        .map((member) => member.role)
        .join(', ')}), with ${adSpend} in client ad spend managed.`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-testid="page-one-team"
    >
      <rect x="1" y="1" width={width - 2} height="178" rx="14" className="fill-brand-50 stroke-brand-200" />
      <Pile people={marketers} x={18} y={30} label="Market and measure" />
      <Pile people={makers} x={190} y={30} label="Design and build" />
      <line x1="176" x2="176" y1="22" y2="126" className="stroke-brand-200" strokeDasharray="4 4" />
      <rect x="18" y="140" width={width - 36} height="26" rx="13" className="fill-brand-700" />
      <text x={width / 2} y="157" textAnchor="middle" className="fill-surface text-xs font-semibold">
        One team, the same sprints, one plan
      </text>
      <text x="2" y="222" className="fill-ink text-3xl font-bold tracking-tight">
        {adSpend}
      </text>
      <text x="2" y="242" className="fill-muted text-sm">
        in client ad spend managed
      </text>
    </svg>
  )
}
