import { anchorId, Section, type Tone } from '#app/components/section.tsx'
import { platformGroups } from '#app/lib/content/platforms.ts'

/**
 * The platforms the agency works in, by kind (ads, email, analytics,
 * commerce; app/lib/content/platforms.ts), as their names in one quiet monochrome
 * type: tools used in the clients' own accounts, not partner badges, and no
 * one's logo copied in (docs/product.md#top-level-pages).
 */
export function PlatformStrip({ title, tone }: { title: string; tone?: Tone }) {
  return (
    <Section title={title} tone={tone} compact>
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-12">
        <div className="lg:w-56 lg:shrink-0">
          <h2 id={`${anchorId(title)}-title`} className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {title}
          </h2>
          <p className="mt-2 text-sm text-muted">
            Tools we set up and run in your own accounts.{' '}
            <a href="/integrations" data-prefetch className="font-medium text-brand-700 underline underline-offset-2">
              Every tool we use
            </a>
          </p>
        </div>
        <dl className="grid flex-1 grid-cols-2 gap-x-8 gap-y-6 lg:grid-cols-4">
          {platformGroups.map((group) => (
            <div key={group.label} className="border-l border-slate-200 pl-4">
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{group.label}</dt>
              {group.platforms.map((platform) => (
                <dd key={platform.name} className="mt-2 text-base font-semibold tracking-tight text-slate-700">
                  {platform.name}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </div>
    </Section>
  )
}
