// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { mobileNav } from '#app/lib/site/navigation.ts'
import { services } from '#app/lib/site/registry.ts'
import { DesktopNav } from './desktop-nav.tsx'

// The Main navigation renders at build, into every page's HTML: these tests
// read that HTML, as a visitor's browser gets it (docs/product.md#header).

afterEach(() => {
  document.body.innerHTML = ''
})

function renderAt(current: string) {
  document.body.innerHTML = renderToString(<DesktopNav current={current} />)
  return screen.getByRole('navigation', { name: 'Main' })
}

/** The Main navigation's entries, in order: its links and its menus' buttons. */
function entries(nav: HTMLElement) {
  return [...nav.querySelectorAll(':scope > ul > li')].map((item) => {
    const entry = item.querySelector('a, button')!
    return entry.localName === 'a' ? `${entry.textContent} ${entry.getAttribute('href')}` : `${entry.textContent} menu`
  })
}

/** A menu's panel: the popover its button opens. */
function panelOf(name: string) {
  const button = screen.getByRole('button', { name })
  const id = button.getAttribute('popovertarget')
  const panel = id ? document.getElementById(id) : null
  if (!panel) throw new Error(`The ${name} button opens no panel`)
  return panel
}

const links = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])

test('lists the header’s links and menus in order, each link with its address', () => {
  const nav = renderAt('/')
  expect(entries(nav)).toEqual([
    'About menu',
    'Services menu',
    'Case Studies /case-studies',
    'Industries menu',
    'Resources menu',
    'Pricing /pricing',
    'Contact /contact',
  ])
})

test('each menu’s button opens its own panel, a native popover that needs no script', () => {
  renderAt('/')
  const names = ['About', 'Services', 'Industries', 'Resources']
  for (const name of names) {
    const panel = panelOf(name)
    expect(panel.getAttribute('popover')).toBe('auto')
    expect(screen.getByRole('button', { name }).getAttribute('type')).toBe('button')
  }
  expect(new Set(names.map(panelOf)).size).toBe(names.length)
})

test('About lists the about page first, then How We Work, Approach and Locations', () => {
  renderAt('/')
  expect(links(panelOf('About'))).toEqual([
    ['About Northpeak', '/about'],
    ['How We Work', '/how-we-work'],
    ['Approach', '/approach'],
    ['Locations', '/locations'],
  ])
})

test('Resources lists "All resources" first, then the blog', () => {
  renderAt('/')
  expect(links(panelOf('Resources'))).toEqual([
    ['All resources', '/resources'],
    ['Blog', '/blog'],
  ])
})

test('leads to every page the mobile menu does but Home, which is the logo', () => {
  const nav = renderAt('/')
  const reached = new Set([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href')))
  const mobile = mobileNav.flatMap((item) =>
    item.kind === 'link' ? [item.page.path] : item.menu.items.map((entry) => entry.path),
  )
  expect(mobile.filter((path) => !reached.has(path))).toEqual(['/'])
})

test('Services lists "All services" first, then every service but omnichannel', () => {
  renderAt('/')
  const listed = links(panelOf('Services'))
  expect(listed[0]).toEqual(['All services', '/services'])
  expect(listed.slice(1)).toEqual(
    services.filter((entry) => entry.path !== '/services/omnichannel').map((entry) => [entry.name, entry.path]),
  )
  expect(listed).toHaveLength(9)
  expect(listed.flat()).not.toContain('/services/omnichannel')
})

test('Industries lists SaaS and Ecommerce', () => {
  renderAt('/')
  expect(links(panelOf('Industries'))).toEqual([
    ['SaaS', '/industries/saas'],
    ['Ecommerce', '/industries/ecommerce'],
  ])
})

test('marks the link of the page shown, and no other; a menu that holds it is tinted', () => {
  const current = () => [...document.querySelectorAll('[aria-current]')]
  const tinted = () => [...document.querySelectorAll('button[data-current]')].map((button) => button.textContent)

  renderAt('/services/paid-ads')
  expect(current().map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([['Paid Ads', 'page']])
  expect(tinted()).toEqual(['Services'])

  renderAt('/industries/saas')
  expect(current().map((link) => link.textContent)).toEqual(['SaaS'])
  expect(tinted()).toEqual(['Industries'])

  // An article is read under the blog: its link is marked, and the menu it is in.
  renderAt('/blog/local-seo-guide')
  expect(current().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Blog', '/blog']])
  expect(tinted()).toEqual(['Resources'])

  // A city page is read under Locations.
  renderAt('/locations/austin')
  expect(current().map((link) => link.textContent)).toEqual(['Locations'])
  expect(tinted()).toEqual(['About'])

  renderAt('/case-studies/saas-startup')
  expect(current().map((link) => link.textContent)).toEqual(['Case Studies'])
  expect(tinted()).toEqual([])

  renderAt('/')
  expect(current()).toEqual([])
  expect(tinted()).toEqual([])
})
