import { cloneElement, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react'
import type { WakeUp } from '#app/components/tooltip-types.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

/** The handlers a control shares with the tooltip, which wakes on them. */
interface ControlProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void
  onFocus?: (event: FocusEvent<HTMLElement>) => void
  onBlur?: (event: FocusEvent<HTMLElement>) => void
}

const tooltipCode = createLateModule(() => import('./loaded-tooltip.tsx'), 'The tooltip')

/**
 * A tooltip (docs/product.md#tooltips), a late-loaded widget
 * (app/components/README.md): its code (Radix Tooltip and its positioning
 * engine, about 12 KB compressed) loads the first time a visitor points at or
 * focuses the control, instead of with every page
 * (docs/decisions/012-load-on-first-use.md). Until it is there, and for good
 * if it fails to load, the control renders as is and works.
 */
export function LazyTooltip({ label, children }: { label: string; children: ReactElement<ControlProps> }) {
  const [wakeUp, setWakeUp] = useState<WakeUp | null>(null)
  const [Loaded, wake] = useLateWidget(tooltipCode)

  // Code that arrived for an earlier mount is used at once, with no wake-up.
  if (Loaded) {
    return (
      <Loaded label={label} wakeUp={wakeUp}>
        {children}
      </Loaded>
    )
  }

  const wakeUpWith = (change: Partial<WakeUp>) => {
    setWakeUp((value) => ({ at: performance.now(), focused: false, ...value, ...change }))
    wake()
  }
  // The control's own handlers run first, then the wake-up (no wrapper
  // element: the control stays what it is in the page).
  const own = children.props
  return cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event)
      wakeUpWith({})
    },
    onFocus: (event) => {
      own.onFocus?.(event)
      wakeUpWith({ focused: true })
    },
    onBlur: (event) => {
      own.onBlur?.(event)
      setWakeUp((value) => value && { ...value, focused: false })
    },
  })
}
