import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { Section as SectionContent } from '#app/lib/content/schemas.ts'
import { gridClass } from '#app/lib/site/grid.ts'
import { Icon } from '#app/components/ui/icon.tsx'

type PricingContent = Extract<SectionContent, { type: 'pricing' }>

/** Retainer plans side by side; the featured plan is marked in text, not only by color. */
export function PricingPlans({ title, intro, plans, note, tone }: Omit<PricingContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(plans.length, 3))}>
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              '@container flex flex-col rounded-2xl border bg-surface p-7',
              plan.featured ? 'border-brand-700 shadow-lg ring-2 ring-brand-700' : 'border-slate-200',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h3 className="text-xl font-bold text-ink">{plan.name}</h3>
              {plan.featured ? (
                <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
                  Most chosen
                </span>
              ) : null}
            </div>
            {/* Amount and period each stay whole, and the amount is smaller in a
                narrow card (a query on the card's width), so both fit on one line. */}
            <p className="mt-4 flex flex-wrap items-baseline gap-x-1.5">
              <span className="text-2xl font-bold tracking-tight whitespace-nowrap text-ink @2xs:text-3xl @xs:text-4xl">
                {plan.price}
              </span>
              {plan.period ? <span className="whitespace-nowrap text-muted">{plan.period}</span> : null}
            </p>
            <p className="mt-4 text-muted">{plan.description}</p>
            <ul className="mt-6 mb-8 space-y-3 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Icon name="check" className="mt-0.5 size-4 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
            <SmartLink
              to={plan.cta.href}
              className={cn(buttonVariants({ variant: plan.featured ? 'cta' : 'outline' }), 'mt-auto w-full')}
            >
              {plan.cta.label}
            </SmartLink>
          </li>
        ))}
      </ul>
      {note ? <p className="mt-8 max-w-3xl text-sm text-muted">{note}</p> : null}
    </Section>
  )
}
