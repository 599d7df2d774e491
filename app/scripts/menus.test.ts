// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { watchMenus } from './menus.ts'

// The menus' timing (docs/product.md#header), with a fake clock, on a Main
// navigation built as app/components/desktop-nav.tsx renders it: each menu an
// entry with its button and, after it, its panel, a popover.
//
// happy-dom has no Popover API, so the parts of it the menus rely on are
// written out below, as the HTML standard defines them: showPopover() and
// hidePopover() with their `toggle` events (fired at once here, where a
// browser queues them a task later: the delays tested are far longer), an auto
// popover closing the other auto popovers when it opens, `:popover-open`, and
// a popovertarget button's click toggling its popover unless a listener
// canceled that click.

const shown = new Set<HTMLElement>()
const nativeMatches = Element.prototype.matches

function toggleEvent(oldState: 'open' | 'closed', newState: 'open' | 'closed'): Event {
  return Object.assign(new Event('toggle'), { oldState, newState })
}

function hide(this: HTMLElement) {
  if (!shown.delete(this)) return
  this.dispatchEvent(toggleEvent('open', 'closed'))
}

function show(this: HTMLElement) {
  if (shown.has(this)) return
  if (this.getAttribute('popover') === 'auto') {
    for (const other of [...shown]) if (other.getAttribute('popover') === 'auto') hide.call(other)
  }
  shown.add(this)
  this.dispatchEvent(toggleEvent('closed', 'open'))
}

/** A popovertarget button's activation behavior: it runs after the click's listeners, unless one canceled it. */
function activate(event: MouseEvent) {
  const button = (event.target as Element).closest('button[popovertarget]')
  const target = button && document.getElementById(button.getAttribute('popovertarget')!)
  if (!target || event.defaultPrevented) return
  if (shown.has(target)) hide.call(target)
  else show.call(target)
}

const nav = `
  <nav aria-label="Main" data-menus="">
    <ul>
      <li><a href="/about">About</a></li>
      <li data-menu-item="">
        <button type="button" popovertarget="menu-services">Services</button>
        <div id="menu-services" popover="auto">
          <ul><li><a href="/services">All services</a></li><li><a href="/services/paid-ads">Paid Ads</a></li></ul>
        </div>
      </li>
      <li data-menu-item="">
        <button type="button" popovertarget="menu-industries">Industries</button>
        <div id="menu-industries" popover="auto">
          <ul><li><a href="/industries/saas">SaaS</a></li><li><a href="/industries/ecommerce">Ecommerce</a></li></ul>
        </div>
      </li>
      <li><a href="/contact">Contact</a></li>
    </ul>
  </nav>`

beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'showPopover', { value: show, configurable: true })
  Object.defineProperty(HTMLElement.prototype, 'hidePopover', { value: hide, configurable: true })
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':popover-open' ? shown.has(this as HTMLElement) : nativeMatches.call(this, selector)
  })
  document.addEventListener('click', activate)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  document.body.innerHTML = nav
  watchMenus()
})

afterEach(() => {
  document.removeEventListener('click', activate)
  document.body.innerHTML = ''
  shown.clear()
  vi.useRealTimers()
  vi.restoreAllMocks()
  Reflect.deleteProperty(HTMLElement.prototype, 'showPopover')
  Reflect.deleteProperty(HTMLElement.prototype, 'hidePopover')
})

const button = (name: string) => screen.getByRole('button', { name })
/** The menu's entry: its button and its panel, where the pointer rests. */
const entry = (name: string) => button(name).closest('li')!
const panel = (name: string) => document.getElementById(button(name).getAttribute('popovertarget')!)!
const isOpen = (name: string) => panel(name).matches(':popover-open')
const openMenus = () => ['Services', 'Industries'].filter(isOpen)

const mouseEnter = (name: string) => fireEvent.pointerEnter(entry(name), { pointerType: 'mouse' })
const mouseLeave = (name: string) => fireEvent.pointerLeave(entry(name), { pointerType: 'mouse' })
const wait = (ms: number) => vi.advanceTimersByTime(ms)

/** Open menus change exactly `ms` from now: as they are until the last millisecond, then `after`. */
function expectChangeAfter(ms: number, after: string[]) {
  const before = openMenus()
  wait(ms - 1)
  expect(openMenus()).toEqual(before)
  wait(1)
  expect(openMenus()).toEqual(after)
}

describe('with a mouse', () => {
  test('a menu opens once the pointer has rested on it 200 ms', () => {
    mouseEnter('Services')
    expectChangeAfter(200, ['Services'])
  })

  test('a pointer that only passes over a menu opens nothing', () => {
    mouseEnter('Services')
    wait(120)
    mouseLeave('Services')
    wait(1000)
    expect(openMenus()).toEqual([])
  })

  test('a menu closes 150 ms after the pointer leaves it; coming back in time keeps it open', () => {
    mouseEnter('Services')
    wait(200)
    mouseLeave('Services')
    wait(149)
    expect(openMenus()).toEqual(['Services'])
    mouseEnter('Services')
    wait(1000)
    expect(openMenus()).toEqual(['Services'])

    mouseLeave('Services')
    expectChangeAfter(150, [])
  })

  test('moving straight from an open menu to the other opens it at once, in its place', () => {
    mouseEnter('Services')
    wait(200)
    mouseLeave('Services')
    wait(40)
    mouseEnter('Industries')
    wait(0)
    expect(openMenus()).toEqual(['Industries'])
    wait(1000)
    expect(openMenus()).toEqual(['Industries'])
  })

  test('a menu reached within 300 ms of another closing opens at once; later, after the delay again', () => {
    mouseEnter('Services')
    wait(200)
    mouseLeave('Services')
    wait(150)
    expect(openMenus()).toEqual([])
    wait(299)
    mouseEnter('Industries')
    wait(0)
    expect(openMenus()).toEqual(['Industries'])

    mouseLeave('Industries')
    wait(150 + 300)
    mouseEnter('Services')
    expectChangeAfter(200, ['Services'])
  })

  test('a click within 1 s of the pointer opening a menu keeps it open; a later click closes it', () => {
    mouseEnter('Services')
    wait(200)
    wait(999)
    fireEvent.click(button('Services'))
    expect(openMenus()).toEqual(['Services'])

    // That click counted as "open": the next one closes, as the button does.
    fireEvent.click(button('Services'))
    expect(openMenus()).toEqual([])

    mouseLeave('Services')
    wait(1000)
    mouseEnter('Industries')
    wait(200)
    wait(1000)
    fireEvent.click(button('Industries'))
    expect(openMenus()).toEqual([])
  })

  test('focus leaving a menu’s button and panel closes it', () => {
    mouseEnter('Services')
    wait(200)
    const first = panel('Services').querySelector('a')!
    fireEvent.focusOut(button('Services'), { relatedTarget: first })
    expect(openMenus()).toEqual(['Services'])
    fireEvent.focusOut(first, { relatedTarget: screen.getByRole('link', { name: 'Contact' }) })
    expect(openMenus()).toEqual([])
  })
})

test('a touch opens and closes a menu by its taps alone: no delay, no closing when the finger lifts', () => {
  fireEvent.pointerEnter(entry('Services'), { pointerType: 'touch' })
  wait(1000)
  expect(openMenus()).toEqual([])
  fireEvent.click(button('Services'))
  expect(openMenus()).toEqual(['Services'])
  fireEvent.pointerLeave(entry('Services'), { pointerType: 'touch' })
  wait(1000)
  expect(openMenus()).toEqual(['Services'])
  fireEvent.click(button('Services'))
  expect(openMenus()).toEqual([])
})
