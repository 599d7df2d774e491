import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { TeamAvatar } from '#app/components/visuals/team-avatar.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { Section as SectionContent } from '#app/lib/content/schemas.ts'
import { gridClass } from '#app/lib/site/grid.ts'

type TeamContent = Extract<SectionContent, { type: 'team' }>

/**
 * The people clients work with, each with the picture drawn from their name
 * (`TeamAvatar`, never a photo), role, bio and specialties.
 */
export function TeamGrid({ title, intro, members, tone }: Omit<TeamContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(members.length, 3))}>
        {members.map((member) => (
          <li key={member.name} className="rounded-2xl border border-slate-200 bg-surface p-6">
            <div className="flex items-center gap-4">
              <TeamAvatar name={member.name} size={56} className="shrink-0" />
              <div>
                <h3 className="text-lg font-semibold text-ink">{member.name}</h3>
                <p className="text-sm text-brand-700">{member.role}</p>
              </div>
            </div>
            <p className="mt-4 text-muted">{member.bio}</p>
            {member.focus ? (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${member.name}'s specialties`}>
                {member.focus.map((focus) => (
                  <li key={focus} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700">
                    {focus}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
