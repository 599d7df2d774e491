import { InlineIcon } from '#app/components/ui/inline-icon.tsx'
import { cn } from '#app/lib/site/cn.ts'

/**
 * Switches the dark theme on and off and remembers the choice
 * (docs/product.md#header). A toggle button: its name says what it does and
 * `aria-pressed` whether it is on, kept in step with the theme by
 * app/scripts/theme.ts. While it is on, the moon is filled and the button
 * tinted (`.theme-toggle` in app/app.css): CSS reads `data-theme`, so the look
 * is right from the first paint. Pages shown without JavaScript, where it
 * could not work, leave it out (the head script sets `data-theme`).
 *
 * `labeled` shows the name beside the icon (the mobile menu); otherwise the
 * name is for screen readers only (the header).
 */
export function ThemeToggle({ labeled = false, className }: { labeled?: boolean; className?: string }) {
  return (
    <button
      type="button"
      aria-pressed="false"
      data-theme-toggle=""
      className={cn(
        'theme-toggle inline-flex items-center gap-3 rounded-lg text-ink hover:bg-slate-100',
        labeled ? 'w-full px-3 py-2.5 text-base font-medium' : 'size-11 justify-center',
        className,
      )}
    >
      <InlineIcon name="moon" className="size-5" />
      {labeled ? 'Dark theme' : <span className="sr-only">Dark theme</span>}
    </button>
  )
}
