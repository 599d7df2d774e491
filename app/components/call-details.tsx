import { BookedCall } from '#app/components/booked-call.tsx'
import { NewTabLink } from '#app/components/new-tab-link.tsx'
import { TeamAvatar } from '#app/components/visuals/team-avatar.tsx'
import {
  callHost,
  hostFirstName,
  howTheCallHappens,
  meetingLabel,
  whatToPrepare,
  type MeetingMode,
} from '#app/lib/booking/call-details.ts'
import type { BookerCalendar, CallTime } from '#app/lib/booking/booking-page.ts'

/**
 * Who hosts the call and how it happens (docs/decisions/048-the-call-its-host-and-how-it-happens.md),
 * as /book shows it beside the times and the confirmation above the
 * calendar links. The host's picture is their photo when there is one;
 * without it, the drawing made from their name that the team page shows,
 * and the card says so.
 */
export function HostCard({ mode }: { mode: MeetingMode }) {
  return (
    <section aria-label="Your host" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        {callHost.photo ? (
          <img
            src={callHost.photo}
            alt={`${callHost.name}, photo`}
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <TeamAvatar name={callHost.name} size={56} className="shrink-0" />
        )}
        <div className="min-w-0">
          <p className="text-sm text-muted">Your host</p>
          <p className="font-bold text-ink">{callHost.name}</p>
          <p className="text-sm text-muted">{callHost.role}</p>
        </div>
      </div>
      {callHost.photo ? null : (
        <p className="text-xs text-muted">
          The picture is a drawing made from {hostFirstName}&rsquo;s name, as on our team page, not a photo.
        </p>
      )}
      <p className="text-sm text-ink">
        <span className="font-semibold">{meetingLabel(mode)}.</span>{' '}
        {mode.kind === 'video'
          ? 'The invitation carries the link to join.'
          : `${hostFirstName} calls you at the number you give, at the time of the call.`}
      </p>
    </section>
  )
}

/** What to have at hand for the call. */
export function WhatToPrepare() {
  return (
    <section aria-labelledby="call-prepare" className="flex flex-col gap-2">
      <h2 id="call-prepare" className="text-lg font-bold text-ink">
        What to prepare
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-muted">
        {whatToPrepare.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  )
}

/** How the call happens, in full: the link to open, or who calls whom. */
export function HowTheCall({ mode }: { mode: MeetingMode }) {
  return (
    <section aria-labelledby="call-how" className="flex flex-col gap-2">
      <h2 id="call-how" className="text-lg font-bold text-ink">
        How the call happens
      </h2>
      {mode.kind === 'video' ? (
        <p className="text-muted">
          A video call. At the time of the call, open{' '}
          <a className="font-semibold break-all text-brand-700 underline" href={mode.url}>
            {mode.url}
          </a>
          . The link is in the invitation too.
        </p>
      ) : (
        <p className="text-muted">{howTheCallHappens(mode)}</p>
      )}
    </section>
  )
}

/**
 * "Add to calendar": the call's calendar file, served to the holder of the
 * booking's link alone, and Google Calendar's template link with the same
 * details (server/booking/call-calendar.ts).
 */
export function AddToCalendar({ file, google }: { file: string; google: string }) {
  const link =
    'inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 bg-surface px-4 text-sm font-semibold text-ink hover:border-brand-600'
  return (
    <section aria-labelledby="call-calendar" className="flex flex-col gap-3">
      <h2 id="call-calendar" className="text-lg font-bold text-ink">
        Add to calendar
      </h2>
      <div className="flex flex-wrap gap-3">
        <a className={link} href={file} download="northpeak-strategy-call.ics">
          Calendar file (.ics)
        </a>
        <NewTabLink className={link} href={google}>
          Google Calendar
        </NewTabLink>
      </div>
      <p className="text-sm text-muted">
        The file opens in Apple Calendar, Outlook and most others; it is the same event as the invitation in your email,
        so adding both keeps one.
      </p>
    </section>
  )
}

/**
 * The confirmation of a booked call (/book/manage, just booked, confirmed or
 * moved): its time on the booker's clock, how it happens and what to prepare;
 * beside them on wide screens, under them on phones, the host, "Add to
 * calendar" and the links to move or cancel it.
 */
export function CallConfirmation({
  call,
  title,
  mode,
  calendar,
}: {
  call: CallTime
  title: string
  mode: MeetingMode
  calendar: BookerCalendar
}) {
  const link = 'font-semibold text-brand-700 underline'
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="flex flex-col gap-6">
        <BookedCall call={call} title={title} />
        <HowTheCall mode={mode} />
        <WhatToPrepare />
      </div>
      <div className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-surface p-6">
        <HostCard mode={mode} />
        <AddToCalendar file={calendar.file} google={calendar.google} />
        <section aria-labelledby="call-change" className="flex flex-col gap-2">
          <h2 id="call-change" className="text-lg font-bold text-ink">
            Plans change?
          </h2>
          <p className="text-muted">
            <a className={link} href={calendar.reschedule}>
              Move the call
            </a>{' '}
            or{' '}
            <a className={link} href={calendar.cancel}>
              cancel it
            </a>
            . The same links are in your email; each works once.
          </p>
        </section>
      </div>
    </div>
  )
}
