import type { Section } from '#app/lib/content/schemas.ts'

type Plan = Extract<Section, { type: 'pricing' }>['plans'][number]

/** "Everything in Launch": a plan that includes a cheaper plan names it in its features. */
const includesPattern = /^Everything in (.+)$/

export interface PlanGlance {
  name: string
  price: string
  featured: boolean
  /** What the plan adds of its own. */
  own: number
  /** What it includes of the plan it names ("Everything in …"), with that plan's name. */
  included?: { plan: string; count: number }
  total: number
}

/** Each plan's inclusions, counted from its features, a plan's "Everything in X" counted as X's. */
export function plansAtAGlance(plans: Plan[]): PlanGlance[] {
  const totals = new Map<string, number>()
  return plans.map((plan) => {
    const named = plan.features.map((feature) => includesPattern.exec(feature)?.[1]).find(Boolean)
    const own = plan.features.filter((feature) => !includesPattern.test(feature)).length
    const count = named ? totals.get(named) : undefined
    const total = own + (count ?? 0)
    totals.set(plan.name, total)
    return {
      name: plan.name,
      price: plan.price,
      featured: Boolean(plan.featured),
      own,
      ...(named && count !== undefined ? { included: { plan: named, count } } : {}),
      total,
    }
  })
}

const width = 340
const block = 9
const gap = 3
const base = 52

/**
 * The pricing page's plans at a glance (docs/product.md#visual-proof): one
 * column per plan, a block per thing it includes, the blocks it takes from
 * the plan before it in that plan's tint, its own in full color; under each,
 * its name and price. Every figure is counted from the page's pricing block.
 */
export function PagePlans({ plans }: { plans: Plan[] }) {
  const glance = plansAtAGlance(plans)
  const most = Math.max(...glance.map((plan) => plan.total))
  const height = base + most * (block + gap) + 24
  const column = (width - 24 * (glance.length - 1)) / glance.length
  const describe = glance
    .map((plan) =>
      plan.included
        ? `${plan.name}, ${plan.price}: everything in ${plan.included.plan} (${plan.included.count}) and ${plan.own} more, ${plan.total} in all`
        : `${plan.name}, ${plan.price}: ${plan.own} inclusions`,
    )
    .join('; ')
  return (
    <svg
      role="img"
      aria-label={`What each plan includes: ${describe}.`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      data-testid="page-plans"
    >
      {glance.map((plan, index) => {
        const x = index * (column + 24)
        const floor = height - base
        return (
          <g key={plan.name}>
            {Array.from({ length: plan.total }, (_, level) => (
              <rect
                key={level}
                x={x}
                y={floor - (level + 1) * (block + gap)}
                width={column}
                height={block}
                rx="2"
                className={
                  level < (plan.included?.count ?? 0)
                    ? 'fill-brand-200'
                    : plan.featured
                      ? 'fill-cta-400'
                      : 'fill-brand-700'
                }
              />
            ))}
            <text x={x} y={floor - plan.total * (block + gap) - 6} className="fill-muted text-xs">
              {plan.total} included
            </text>
            <text x={x} y={floor + 20} className="fill-ink text-sm font-bold">
              {plan.name}
            </text>
            <text x={x} y={floor + 38} className="fill-muted text-xs">
              {plan.price}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
