import { NewTabLink } from '#app/components/new-tab-link.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import type { Client, ResolvedSection } from '#app/lib/content/types.ts'

type ClientsContent = Extract<ResolvedSection, { type: 'clients' }>

/** A client by their logo where they gave one (its name as the alt text), else by their name. */
function Mark({ client }: { client: Client }) {
  if (!client.logo) return <span className="text-lg font-semibold text-ink">{client.name}</span>
  return (
    <picture>
      <source type="image/avif" srcSet={client.logo.avif} sizes="160px" />
      <img
        src={client.logo.src}
        srcSet={client.logo.webp}
        sizes="160px"
        width={client.logo.width}
        height={client.logo.height}
        alt={client.name}
        loading="lazy"
        decoding="async"
        className="block h-10 w-auto max-w-40 object-contain"
      />
    </picture>
  )
}

/**
 * The clients who agreed to be named (content/clients/ with `permission`),
 * each linked to their website where the file gives it.
 */
export function ClientList({ title, intro, clients, tone }: Omit<ClientsContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ul className="flex flex-wrap items-center gap-x-10 gap-y-6">
        {clients.map((client) => (
          <li key={client.name}>
            {client.link ? (
              <NewTabLink href={client.link} className="inline-flex min-h-11 items-center">
                <Mark client={client} />
              </NewTabLink>
            ) : (
              <Mark client={client} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  )
}
