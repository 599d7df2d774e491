import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { WakeUp } from '#app/components/lazy-tooltip.tsx'
import {
  TOOLTIP_DELAY_MS,
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '#app/components/ui/tooltip.tsx'

/**
 * The Radix tooltip behind LazyTooltip. Wrapping the control mounts it anew,
 * so focus that woke the tooltip is put back on it; and since the pointer or
 * focus may still be there, the tooltip opens itself once the usual delay has
 * passed. After that Radix handles it alone.
 */
export default function LoadedTooltip({
  label,
  wakeUp,
  children,
}: {
  label: string
  wakeUp: WakeUp
  children: ReactElement
}) {
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (wakeUp.by === 'focus') trigger.current?.focus()
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
