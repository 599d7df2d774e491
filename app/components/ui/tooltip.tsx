import { Tooltip as Primitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '#app/lib/cn.ts'

/** Tooltips open after 700 ms, with a skip delay of 300 ms (docs/product.md#tooltips). */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** Wraps a group of tooltips so they share the timing (moving between them skips the delay). */
export function TooltipProvider(props: React.ComponentProps<typeof Primitive.Provider>) {
  return <Primitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS} {...props} />
}

export function Tooltip(props: React.ComponentProps<typeof Primitive.Root>) {
  return <Primitive.Root data-slot="tooltip" {...props} />
}

export function TooltipTrigger(props: React.ComponentProps<typeof Primitive.Trigger>) {
  return <Primitive.Trigger data-slot="tooltip-trigger" {...props} />
}

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn('z-50 rounded-md bg-ink px-3 py-1.5 text-xs font-medium text-white shadow-md', className)}
        {...props}
      />
    </Primitive.Portal>
  )
}
