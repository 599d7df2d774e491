import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { NewTabLink } from '#app/components/new-tab-link.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { site } from '#app/lib/site/site.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { Icon } from '#app/components/ui/icon.tsx'

/**
 * The two ways to reach the agency besides the form, on the contact page:
 * booking the strategy call on the site (app/lib/booking/strategy-call.ts), with the
 * agency's outside scheduling page beside it when BOOKING_URL names one (a
 * new tab), and email.
 */
export function ContactOptions({
  title,
  intro,
  booking,
  email,
  tone,
}: {
  title: string
  intro?: string
  booking: string
  email: string
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-7">
          <Icon name="calendar" className="size-8 text-brand-700" />
          <h3 className="mt-4 text-xl font-semibold text-ink">
            Book a {site.strategySession.minutes}-minute strategy call
          </h3>
          <p className="mt-2 text-muted">{booking}</p>
          <SmartLink
            to={strategyCall.href}
            className={buttonVariants({ variant: 'cta', className: 'mt-6 self-start' })}
          >
            Pick a time
          </SmartLink>
          {site.bookingUrl ? (
            <NewTabLink
              href={site.bookingUrl}
              className="mt-3 self-start text-sm font-semibold text-brand-700 underline"
            >
              Or use our scheduling page
            </NewTabLink>
          ) : null}
        </div>
        <div className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-7">
          <Icon name="mail" className="size-8 text-brand-700" />
          <h3 className="mt-4 text-xl font-semibold text-ink">Email us</h3>
          <p className="mt-2 text-muted">{email}</p>
          <SmartLink
            to="email"
            className="mt-6 self-start text-lg font-semibold text-brand-700 underline underline-offset-4"
          >
            {site.email}
          </SmartLink>
        </div>
      </div>
    </Section>
  )
}
