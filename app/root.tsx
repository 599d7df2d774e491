import { useEffect, type ReactNode } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { Consent } from '#app/components/consent.tsx'
import { ErrorFallback } from '#app/components/error-fallback.tsx'
import { LeadWidgets } from '#app/components/lead-widgets.tsx'
import { LoadingBar, Prefetch, RouteAnnouncer } from '#app/components/navigation-feedback.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { site } from '#app/lib/site.ts'
import { themeBarColors, themeScript } from '#app/lib/theme.ts'
import type { Route } from './+types/root.ts'
import stylesheet from './app.css?inline'
import stylesheetUrl from './app.css?url'

// The stylesheet is inlined into every page, so the first paint waits for no
// extra request (docs/decisions/006-inline-stylesheet.md); the build then keeps
// in each page only the rules its HTML uses (scripts/critical-css.ts,
// docs/decisions/024-page-rules-inline-whole-stylesheet-after.md). The browser bundle gets an
// empty string instead of a second copy of the CSS: React adopts the server's
// <style> on hydration without rewriting it. The whole stylesheet follows as a
// cached file, for what the page shows later (menus, widgets, other pages),
// requested and applied once React has hydrated: not preloaded, so it never
// takes bandwidth from the scripts that hydrate the page.
const css = import.meta.env.SSR ? stylesheet : ''
// The theme's head script likewise: it runs once, from the HTML.
const headScript = import.meta.env.SSR ? themeScript() : ''

/** Fetches and applies the whole stylesheet. */
function applyWholeStylesheet() {
  if (document.querySelector(`link[rel="stylesheet"][href="${stylesheetUrl}"]`)) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = stylesheetUrl
  document.head.append(link)
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head script sets data-theme on <html> before React hydrates: it
    // differs from the server's HTML on purpose.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeBarColors.light} />
        {/* Before the stylesheet, so the first paint has the visitor's theme
            (docs/decisions/026-type-and-theme.md); allowed by hash in the CSP. */}
        <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: headScript }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="alternate" type="application/rss+xml" title={site.feed.title} href={site.feed.path} />
        <Meta />
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
        <Links />
      </head>
      <body className="min-h-screen bg-surface font-sans antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  // The not-found page is pre-rendered once and served at any unknown URL,
  // so it shows no breadcrumb that would name the URL it was rendered at.
  const notFound = useMatches().some((match) => match.id === 'routes/not-found')
  // Marks the document once React has hydrated it, so the end-to-end tests
  // (and anything else) can tell a page that works from one still painting.
  useEffect(() => {
    applyWholeStylesheet()
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <>
      {/* Visually hidden while it is not focused; revealing it on focus instead
          would also take its padding away. */}
      <a
        href="#main"
        className="fixed top-3 left-3 z-50 rounded-md bg-surface px-4 py-2 font-semibold text-brand-800 shadow not-focus:sr-only"
      >
        Skip to content
      </a>
      {/* Only in a build with a measurement id (docs/product.md#analytics-and-consent). */}
      {__GA_MEASUREMENT_ID__ ? <Consent /> : null}
      <SiteHeader />
      <LoadingBar />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {notFound ? null : <Breadcrumbs />}
        <Outlet />
      </main>
      <SiteFooter />
      <Prefetch />
      <RouteAnnouncer />
      <LeadWidgets />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorFallback error={error} />
}
