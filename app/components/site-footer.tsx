import { Link } from 'react-router'
import { CookieSettingsItem } from '#app/components/consent.tsx'
import { LazyTooltip } from '#app/components/lazy-tooltip.tsx'
import { Logo } from '#app/components/logo.tsx'
import { Container } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { footerColumns } from '#app/lib/navigation.ts'
import { site } from '#app/lib/site.ts'
import { Icon } from '#app/components/ui/icon.tsx'

function scrollToTop() {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
  document.getElementById('main')?.focus({ preventScroll: true })
}

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <Container className="py-14">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <Logo tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-relaxed">{site.description}</p>
            <p className="mt-4 text-sm">
              <SmartLink to="email" className="font-semibold text-white underline-offset-4 hover:underline">
                {site.email}
              </SmartLink>
            </p>
          </div>
          {footerColumns.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
              <h2 id={`footer-${column.title.toLowerCase()}`} className="text-sm font-semibold text-white">
                {column.title}
              </h2>
              <ul className="mt-4 space-y-2.5 text-sm">
                {column.links.map((entry) => (
                  <li key={entry.path}>
                    <Link
                      discover="none"
                      to={entry.path}
                      prefetch="intent"
                      className="underline-offset-4 hover:text-white hover:underline"
                    >
                      {entry.name}
                    </Link>
                  </li>
                ))}
                {__GA_MEASUREMENT_ID__ && column.title === 'Legal' ? (
                  <CookieSettingsItem className="cursor-pointer underline-offset-4 hover:text-white hover:underline" />
                ) : null}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex items-center justify-between gap-4 border-t border-slate-800 pt-6 text-sm">
          <p>{`© ${site.copyrightYear} ${site.name}. All rights reserved.`}</p>
          <LazyTooltip label="Back to top">
            {/* No variant: the ghost button's colours are for light backgrounds. */}
            <Button
              variant={null}
              size="icon"
              onClick={scrollToTop}
              className="text-slate-300 hover:bg-slate-800 hover:text-white"
              aria-label="Back to top"
            >
              <Icon name="arrow-up" />
            </Button>
          </LazyTooltip>
        </div>
      </Container>
    </footer>
  )
}
