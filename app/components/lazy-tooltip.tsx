import { Slot } from 'radix-ui'
import { lazy, Suspense, useState, type ReactElement } from 'react'

const LoadedTooltip = lazy(() => import('./loaded-tooltip.tsx'))

/**
 * A tooltip whose code (Radix Tooltip and its positioning engine, about
 * 12 KB compressed) loads the first time a visitor points at or focuses the
 * control, instead of with every page. Until then the child renders as is.
 */
export function LazyTooltip({ label, children }: { label: string; children: ReactElement }) {
  const [wakeUp, setWakeUp] = useState<WakeUp | null>(null)
  const wake = (by: WakeUp['by']) => setWakeUp((value) => value ?? { by, at: performance.now() })
  if (wakeUp === null) {
    return (
      <Slot.Root onPointerEnter={() => wake('pointer')} onFocus={() => wake('focus')}>
        {children}
      </Slot.Root>
    )
  }
  return (
    <Suspense fallback={children}>
      <LoadedTooltip label={label} wakeUp={wakeUp}>
        {children}
      </LoadedTooltip>
    </Suspense>
  )
}

/** What first asked for the tooltip, and when. */
export interface WakeUp {
  by: 'pointer' | 'focus'
  at: number
}
