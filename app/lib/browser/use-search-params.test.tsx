// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { useSearchParams } from './use-search-params.ts'

// An island that keeps a search in the address, as the blog's search keeps `q`.
function Search() {
  const [params, replace] = useSearchParams()
  const query = params.get('q') ?? ''
  return (
    <>
      <p data-testid="query">{query}</p>
      <button type="button" onClick={() => replace((next) => next.set('q', `${query}+`))}>
        Refine
      </button>
      <button type="button" onClick={() => replace((next) => next.delete('q'))}>
        Clear
      </button>
    </>
  )
}

let root: Root | undefined
let mismatches: unknown[] = []

/** The island's HTML from the build, then hydrated on a page opened at `address`. */
async function openAt(address: string) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<Search />)
  document.body.append(container)
  const html = container.innerHTML
  window.history.replaceState(null, '', address)
  await act(async () => {
    root = hydrateRoot(container, <Search />, { onRecoverableError: (error) => mismatches.push(error) })
  })
  return html
}

const shown = () => screen.getByTestId('query').textContent

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  mismatches = []
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

test('the HTML knows no query; the island reads the address’s once it has hydrated', async () => {
  const html = await openAt('/blog?q=seo')
  expect(html).toContain('<p data-testid="query"></p>')
  expect(mismatches).toEqual([])
  expect(shown()).toBe('seo')
})

test('a change replaces the address, adds no history entry, and keeps the other parameters', async () => {
  await openAt('/blog?utm_source=newsletter&q=seo#all-articles')
  const entries = window.history.length
  fireEvent.click(screen.getByRole('button', { name: 'Refine' }))
  expect(shown()).toBe('seo+')
  expect(window.location.pathname).toBe('/blog')
  expect(new URLSearchParams(window.location.search).get('q')).toBe('seo+')
  expect(new URLSearchParams(window.location.search).get('utm_source')).toBe('newsletter')
  expect(window.location.hash).toBe('#all-articles')
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
  expect(shown()).toBe('')
  expect(window.location.search).toBe('?utm_source=newsletter')
  expect(window.history.length).toBe(entries)
})

test('Back and Forward show the query of the address they reach', async () => {
  await openAt('/blog?q=seo')
  act(() => {
    window.history.pushState(null, '', '/blog?q=email')
    window.dispatchEvent(new PopStateEvent('popstate'))
  })
  expect(shown()).toBe('email')
})
