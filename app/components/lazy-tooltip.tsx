import { Slot } from 'radix-ui'
import { lazy, Suspense, useState, type ReactElement } from 'react'

const LoadedTooltip = lazy(() => import('./loaded-tooltip.tsx'))

/**
 * A tooltip whose code (Radix Tooltip and its positioning engine, about
 * 12 KB compressed) loads the first time a visitor points at or focuses the
 * control, instead of with every page. Until then the child renders as is.
 */
export function LazyTooltip({ label, children }: { label: string; children: ReactElement }) {
  const [since, setSince] = useState<number | null>(null)
  const wake = () => setSince((value) => value ?? performance.now())
  if (since === null) {
    return (
      <Slot.Root onPointerEnter={wake} onFocus={wake}>
        {children}
      </Slot.Root>
    )
  }
  return (
    <Suspense fallback={children}>
      <LoadedTooltip label={label} since={since}>
        {children}
      </LoadedTooltip>
    </Suspense>
  )
}
