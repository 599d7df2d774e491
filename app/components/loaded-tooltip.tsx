import { useEffect, useRef, useState, type ReactElement } from 'react'
import {
  TOOLTIP_DELAY_MS,
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '#app/components/ui/tooltip.tsx'

/**
 * The Radix tooltip behind LazyTooltip. It arrives while the pointer or focus
 * that asked for it may still be on the control, so it opens itself when the
 * usual delay has passed since then; after that Radix handles it alone.
 */
export default function LoadedTooltip({
  label,
  since,
  children,
}: {
  label: string
  /** When the visitor first pointed at or focused the control. */
  since: number
  children: ReactElement
}) {
  const trigger = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const wait = Math.max(0, TOOLTIP_DELAY_MS - (performance.now() - since))
    const id = window.setTimeout(() => {
      if (trigger.current?.matches(':hover, :focus-visible')) setOpen(true)
    }, wait)
    return () => window.clearTimeout(id)
  }, [since])
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
