import { Fragment, type ReactNode } from 'react'
import { Prose } from '#app/components/prose.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { Checklist } from '#app/components/sections/checklist.tsx'
import { ChecklistScores, type ChecklistGroup } from '#app/components/sections/checklist-scores.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ContactOptions } from '#app/components/sections/contact-options.tsx'
import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { KeyFacts } from '#app/components/sections/key-facts.tsx'
import { PlatformStrip } from '#app/components/sections/platform-strip.tsx'
import { PricingPlans } from '#app/components/sections/pricing-plans.tsx'
import { Quote } from '#app/components/sections/quote.tsx'
import { SitemapList } from '#app/components/sections/sitemap-list.tsx'
import { Stats } from '#app/components/sections/stats.tsx'
import { Steps } from '#app/components/sections/steps.tsx'
import { TeamGrid } from '#app/components/sections/team-grid.tsx'
import { TestimonialList } from '#app/components/sections/testimonial-list.tsx'
import { ClientList } from '#app/components/sections/client-list.tsx'
import { ToolList } from '#app/components/sections/tool-list.tsx'
import type { ResolvedSection } from '#app/lib/content/types.ts'

/** What a block learns from the blocks before it. */
interface Place {
  tone: Tone
  /** The number of a checklist block's first point: checklist points are numbered across the page. */
  checklistStart: number
  /** The page's checklist groups, which a `checklist-scores` block counts. */
  checklists: ChecklistGroup[]
}

type Renderers = {
  [K in ResolvedSection['type']]: (section: Extract<ResolvedSection, { type: K }>, place: Place) => ReactNode
}

/**
 * The component of each block type. The type of this table lists every
 * block type of the schema, so a type added to `sectionSchema` without a
 * renderer here fails the typecheck (app/lib/content/README.md).
 */
const renderers = {
  features: (section, { tone }) => <FeatureGrid {...section} tone={tone} />,
  steps: (section, { tone }) => <Steps {...section} tone={tone} />,
  stats: (section, { tone }) => <Stats {...section} tone={tone} />,
  faq: (section, { tone }) => <Faq {...section} tone={tone} />,
  cta: (section) => <CtaBand {...section} />,
  quote: (section, { tone }) => <Quote {...section} tone={tone} />,
  collection: (section, { tone }) => <CardGrid {...section} tone={tone} />,
  sitemap: () => <SitemapList />,
  pricing: (section, { tone }) => <PricingPlans {...section} tone={tone} />,
  team: (section, { tone }) => <TeamGrid {...section} tone={tone} />,
  testimonials: (section, { tone }) => <TestimonialList {...section} tone={tone} />,
  clients: (section, { tone }) => <ClientList {...section} tone={tone} />,
  list: (section, { tone }) => <ToolList {...section} tone={tone} />,
  platforms: (section, { tone }) => <PlatformStrip title={section.title} tone={tone} />,
  contact: (section, { tone }) => <ContactOptions {...section} tone={tone} />,
  checklist: (section, { tone, checklistStart }) => <Checklist {...section} tone={tone} start={checklistStart} />,
  'checklist-scores': (section, { tone, checklists }) => (
    <ChecklistScores {...section} groups={checklists} tone={tone} />
  ),
  'key-facts': (section, { tone }) => <KeyFacts title={section.title} facts={section.items} tone={tone} />,
  prose: (section, { tone }) => (
    <Section title={section.title} tone={tone}>
      {section.title ? <SectionHeading title={section.title} /> : null}
      <Prose html={section.body.html} />
    </Section>
  ),
} satisfies Renderers

function renderBlock<K extends ResolvedSection['type']>(section: Extract<ResolvedSection, { type: K }>, place: Place) {
  return (renderers as Renderers)[section.type](section, place)
}

/** A page's blocks in order, on alternating backgrounds so neighboring sections read apart. */
export function SectionList({ sections, startMuted = false }: { sections: ResolvedSection[]; startMuted?: boolean }) {
  let checklistStart = 1
  const checklists = sections.flatMap((section) =>
    section.type === 'checklist' ? [{ title: section.title, points: section.items.length }] : [],
  )
  return sections.map((section, index) => {
    const place = { tone: (index % 2 === 0) === startMuted ? 'muted' : 'plain', checklistStart, checklists } as const
    if (section.type === 'checklist') checklistStart += section.items.length
    // Blocks never reorder, so their position is a stable key.
    return <Fragment key={index}>{renderBlock(section, place)}</Fragment>
  })
}
