import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { TeamAvatar } from '#app/components/visuals/team-avatar.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { ResolvedSection } from '#app/lib/content/types.ts'
import { gridClass } from '#app/lib/site/grid.ts'
import { TEAM_PHOTO_SIZE } from '#app/lib/content/picture-sizes.ts'
import { PersonPhoto } from '#app/components/visuals/content-picture.tsx'
import { NewTabLink } from '#app/components/new-tab-link.tsx'

type TeamContent = Extract<ResolvedSection, { type: 'team' }>

/**
 * The people clients work with (content/team/), each with their photo or,
 * without one, the picture drawn from their name (`TeamAvatar`, which says it
 * is a drawing), their role, bio, specialties and LinkedIn profile.
 */
export function TeamGrid({ title, intro, members, tone }: Omit<TeamContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(members.length, 3))}>
        {members.map((member) => (
          <li
            key={member.slug}
            id={member.slug}
            className="scroll-mt-24 rounded-2xl border border-slate-200 bg-surface p-6"
          >
            <div className="flex items-center gap-4">
              {member.photo ? (
                <PersonPhoto photo={member.photo} name={member.name} />
              ) : (
                <TeamAvatar name={member.name} size={TEAM_PHOTO_SIZE} className="shrink-0" />
              )}
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
            {member.linkedin ? (
              <NewTabLink
                href={member.linkedin}
                className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {member.name} on LinkedIn
              </NewTabLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
