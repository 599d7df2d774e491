import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { WakeUp } from '#app/components/tooltip-types.ts'
import {
  TOOLTIP_DELAY_MS,
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '#app/components/ui/tooltip.tsx'

/**
 * The Radix tooltip behind LazyTooltip, loaded late (useLateWidget). It takes
 * over the WakeUp the visitor left while it loaded: wrapping the control
 * mounts it anew, so focus that was on it is put back (unless the visitor
 * has moved on); and since the pointer or focus may still be there, the
 * tooltip opens itself once the usual delay has passed. After that Radix
 * handles it alone. `wakeUp` is null when the code was already there.
 */
export default function LoadedTooltip({
  label,
  wakeUp,
  children,
}: {
  label: string
  wakeUp: WakeUp | null
  children: ReactElement
}) {
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (wakeUp === null) return
    const focused = document.activeElement
    if (wakeUp.focused && (focused === null || focused === document.body)) trigger.current?.focus()
    const wait = Math.max(0, TOOLTIP_DELAY_MS - (performance.now() - wakeUp.at))
    const id = window.setTimeout(() => {
      if (trigger.current?.matches(':hover, :focus-visible')) setOpen(true)
    }, wait)
    return () => window.clearTimeout(id)
  }, [wakeUp])
  return (
    <TooltipProvider>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild ref={trigger}>
          {children}
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  )
}
