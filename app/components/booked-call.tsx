import { whenInZone, zoneLabel } from '#app/lib/booking/booking-days.ts'
import type { CallTime } from '#app/lib/booking/booking-page.ts'
import { site } from '#app/lib/site/site.ts'

/**
 * A booked call as its page shows it (docs/product.md#booking): when, on the
 * clock of the zone it was booked in, named; how long; and whether it stands.
 */
export function BookedCall({ call, title }: { call: CallTime; title: string }) {
  const canceled = call.status === 'canceled'
  return (
    <div className="rounded-2xl border border-slate-200 bg-surface p-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{title}</p>
      <p className={canceled ? 'mt-2 text-xl font-bold text-muted line-through' : 'mt-2 text-xl font-bold text-ink'}>
        {whenInZone(call.start, call.timeZone)}
      </p>
      <p className="mt-1 text-sm text-muted">
        {zoneLabel(call.timeZone, Date.parse(call.start))} · {site.strategySession.minutes} minutes
        {canceled ? ' · canceled' : ''}
      </p>
    </div>
  )
}
