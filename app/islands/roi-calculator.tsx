import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { RoiCalculator as Calculator } from '#app/components/roi-calculator.tsx'

/** The ROI calculator (app/components/roi-calculator.tsx) as its page's island. */
export function RoiCalculator() {
  return (
    <IslandBoundary>
      <Calculator />
    </IslandBoundary>
  )
}
