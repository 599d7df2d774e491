import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { site } from '#app/lib/site/site.ts'

/** The strategy-call offer that closes the service, case-study and city pages. */
export function ClosingCta({ title }: { title: string }) {
  const { minutes, worth } = site.strategySession
  return (
    <CtaBand
      title={title}
      body={`Book a free ${minutes}-minute strategy session (worth ${worth}). We go through your goals, channels and numbers together, and you leave with specific recommendations, whether or not we work together.`}
      primary={{ label: strategyCall.label, href: 'booking' }}
      secondary={{ label: auditRequest.specLabel, href: auditRequest.href }}
      note={`No commitment required, ${minutes}-minute session, tailored growth recommendations.`}
    />
  )
}
