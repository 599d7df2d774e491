/**
 * A top-level entry of the Main navigation: a link or a menu's button. A
 * menu's button is tinted while its menu (the popover right after it) is open.
 */
export const navigationMenuItemClass =
  'inline-flex h-10 items-center gap-1 rounded-md px-1.5 text-sm 2xl:px-2 font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-700 has-[+:popover-open]:bg-slate-100'

/** The chevron after a menu's name; it turns while the menu is open. */
export const navigationMenuChevronClass =
  'size-3.5 transition-transform group-has-[+:popover-open]:rotate-180 motion-reduce:transition-none'

/** The Main navigation of wide screens, and its list of entries. */
export const desktopNavClass = 'relative hidden xl:block'
export const desktopNavListClass = 'flex items-center'
