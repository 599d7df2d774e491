import { Dashboard as SampleDashboard } from '#app/components/dashboard.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'

/**
 * The demo dashboard (app/components/dashboard.tsx) as its page's island: its
 * charts and tables are in the page's HTML, for the range the address asked
 * (`rangeAsked`); once awake, the range switches in place and the charts
 * answer the pointer and the keyboard.
 */
export function Dashboard({ rangeAsked }: { rangeAsked?: string | null }) {
  return (
    <IslandBoundary>
      <SampleDashboard rangeAsked={rangeAsked} />
    </IslandBoundary>
  )
}
