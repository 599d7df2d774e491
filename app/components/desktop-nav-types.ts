/**
 * What the visitor did in the Main navigation while the menus' code loaded
 * (docs/decisions/012-load-on-first-use.md): the entry that has focus, the
 * menu pressed, the menu under the pointer and since when. DesktopNav
 * records it; LoadedDesktopNav carries it over.
 */
export interface NavIntent {
  focus?: string
  open?: string
  hover?: { key: string; at: number }
}
