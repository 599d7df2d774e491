/**
 * A top-level entry of the Main navigation: a link or a menu's button, its
 * words on one line whatever the width (docs/product.md#header). Narrow
 * padding below xl, so that the navigation fits at 1024 px with room to
 * spare for a system font wider than the tests' (about 20 px). A menu's
 * button is tinted while its menu (the popover right after it) is open.
 */
export const navigationMenuItemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-1 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-700 has-[+:popover-open]:bg-slate-100 xl:px-2.5'

/** The chevron after a menu's name; it turns while the menu is open. */
export const navigationMenuChevronClass =
  'size-3.5 transition-transform group-has-[+:popover-open]:rotate-180 motion-reduce:transition-none'

/**
 * The Main navigation of wide screens (from the lg breakpoint, 1024 px), and
 * its list of entries, whose first and last reach into the gaps beside it by
 * their padding.
 */
export const desktopNavClass = 'relative hidden lg:block'
export const desktopNavListClass = 'flex items-center -mx-1 xl:-mx-2.5'
