import { Component, useEffect, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { site } from '#app/lib/site/site.ts'

/**
 * What a visitor sees in place of an island that failed to render
 * (docs/product.md#error-fallback). The error is reported to the server
 * (POST /api/client-errors, server/api/client-errors.ts), which is how "our
 * team has been notified" holds. The page around it stays, so its heading is
 * an h2 under the page's own h1.
 */
export function ErrorFallback({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error)
  }, [error])
  return (
    <div role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center">
      <h2 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Oops! Something went wrong</h2>
      <p className="mt-4 text-lg text-muted">
        We encountered an unexpected error. Don&apos;t worry, our team has been notified.
      </p>
      <p className="mt-3 text-muted">
        If it keeps happening, email us at{' '}
        <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline underline-offset-4">
          {site.email}
        </a>{' '}
        and we will help you find what you were looking for.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>
          <Icon name="refresh" />
          Reload Page
        </Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          <Icon name="home" />
          Go Home
        </Button>
      </div>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-10 max-w-full overflow-auto rounded-lg bg-slate-100 p-4 text-left text-xs">
          {error.stack}
        </pre>
      ) : null}
    </div>
  )
}

function reportError(error: unknown) {
  const body = JSON.stringify({
    message: error instanceof Error ? error.message : String(error),
    path: window.location.pathname,
  })
  // sendBeacon survives the visitor reloading or leaving at once.
  if (!navigator.sendBeacon?.('/api/client-errors', new Blob([body], { type: 'application/json' }))) {
    void fetch('/api/client-errors', { method: 'POST', body, headers: { 'content-type': 'application/json' } }).catch(
      () => undefined,
    )
  }
}

/**
 * Around every island (app/islands/): an error thrown while it renders shows
 * the fallback in its place, and the rest of the page stays as it is.
 */
export class IslandBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('An island failed to render') }
  }

  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children
  }
}
