import { Prose } from '#app/components/prose.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ContactOptions } from '#app/components/sections/contact-options.tsx'
import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { PricingPlans } from '#app/components/sections/pricing-plans.tsx'
import { Quote } from '#app/components/sections/quote.tsx'
import { SitemapList } from '#app/components/sections/sitemap-list.tsx'
import { Stats } from '#app/components/sections/stats.tsx'
import { Steps } from '#app/components/sections/steps.tsx'
import { TeamGrid } from '#app/components/sections/team-grid.tsx'
import { ToolList } from '#app/components/sections/tool-list.tsx'
import type { ResolvedSection } from '#app/lib/content/types.ts'

/** One content block, by its type. */
function Block({ section, tone }: { section: ResolvedSection; tone: Tone }) {
  switch (section.type) {
    case 'features':
      return <FeatureGrid {...section} tone={tone} />
    case 'steps':
      return <Steps {...section} tone={tone} />
    case 'stats':
      return <Stats {...section} tone={tone} />
    case 'faq':
      return <Faq {...section} tone={tone} />
    case 'cta':
      return <CtaBand {...section} />
    case 'quote':
      return <Quote {...section} tone={tone} />
    case 'collection':
      return <CardGrid {...section} tone={tone} />
    case 'sitemap':
      return <SitemapList />
    case 'pricing':
      return <PricingPlans {...section} tone={tone} />
    case 'team':
      return <TeamGrid {...section} tone={tone} />
    case 'list':
      return <ToolList {...section} tone={tone} />
    case 'contact':
      return <ContactOptions {...section} tone={tone} />
    case 'prose':
      return (
        <Section title={section.title} tone={tone}>
          {section.title ? <SectionHeading title={section.title} /> : null}
          <Prose html={section.html} />
        </Section>
      )
  }
}

/** A page's blocks in order, on alternating backgrounds so neighbouring sections read apart. */
export function SectionList({ sections, startMuted = false }: { sections: ResolvedSection[]; startMuted?: boolean }) {
  return sections.map((section, index) => (
    <Block
      // Blocks never reorder, so their position is a stable key.
      key={index}
      section={section}
      tone={(index % 2 === 0) === startMuted ? 'muted' : 'plain'}
    />
  ))
}
