import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '#app/lib/site/cn.ts'

/**
 * The product's button set (docs/product.md#business-constants): variants default, destructive, outline, secondary, ghost, link, hero, cta; sizes default, sm, lg, icon.
 * A label on one line keeps the size's height; one longer than the room it has (a label from the
 * content, on a 320 px phone) takes a second line rather than pushing past the screen, which would
 * make the page scroll sideways (docs/product.md#quality-bars).
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white hover:bg-brand-800',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        outline: 'border border-slate-300 bg-surface text-ink hover:border-brand-600 hover:text-brand-800',
        secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
        ghost: 'text-ink hover:bg-slate-100',
        link: 'text-brand-700 underline-offset-4 hover:underline',
        hero: 'bg-surface text-brand-900 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50',
        cta: 'bg-cta-600 text-white shadow-sm hover:bg-cta-700',
      },
      size: {
        default: 'min-h-11 px-5 py-2 text-sm',
        sm: 'min-h-9 px-3.5 py-1.5 text-sm',
        lg: 'min-h-12 px-6 py-2 text-base',
        icon: 'size-11 text-sm',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

/** A link with a button's look takes `buttonVariants(...)` as its class instead. */
export type ButtonProps = React.ComponentProps<'button'> & VariantProps<typeof buttonVariants>

/**
 * A `<button>` is `type="button"` unless it says otherwise (a form's submit
 * button passes `type="submit"`): without a type it would submit the form
 * around it, and the HTML checks flag it (docs/decisions/022-release-gates.md).
 */
export function Button({ className, variant, size, ...props }: ButtonProps) {
  return (
    <button data-slot="button" type="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />
  )
}
