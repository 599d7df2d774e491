import { DesktopNav } from '#app/components/desktop-nav.tsx'
import { Logo } from '#app/components/logo.tsx'
import { MobileMenu } from '#app/components/mobile-menu.tsx'
import { Container } from '#app/components/section.tsx'
import { ThemeToggle } from '#app/components/theme-toggle.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { site } from '#app/lib/site/site.ts'

/**
 * The site header: logo (the Home link), the Main navigation, the dark theme's
 * toggle (in the mobile menu below the lg breakpoint) and the strategy call's button.
 * `current` is the path of the page shown.
 */
export function SiteHeader({ current }: { current: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <Container className="flex h-16 items-center justify-between gap-2">
        <a href="/" data-prefetch aria-label={`${site.name}, home`} className="rounded-md">
          <Logo />
        </a>
        <DesktopNav current={current} />
        <div className="flex items-center gap-2">
          <ThemeToggle className="max-lg:hidden" />
          <a
            href={strategyCall.href}
            data-prefetch
            className={cn(buttonVariants({ variant: 'cta', size: 'sm' }), 'max-sm:hidden')}
          >
            {strategyCall.label}
          </a>
          <MobileMenu current={current} />
        </div>
      </Container>
    </header>
  )
}
