/** The share widget's props (docs/product.md#share-widget). */
export interface ShareWidgetProps {
  /** The page's title: the text of an X post. */
  title: string
  /** The page's absolute (canonical) address. */
  url: string
  /** A sentence about the page, for the device's share sheet. */
  description: string
  /**
   * `default`: a row under a "Share" label; `compact`: the same row, tighter;
   * `floating`: the compact row on narrow screens, a rail that stays beside
   * the text on wide ones.
   */
  variant?: 'default' | 'compact' | 'floating'
}

/**
 * What the visitor did before the widget's code arrived (app/components/README.md,
 * "Late-loaded widgets"): which of its links had focus, by position, so the
 * loaded widget puts focus back on it.
 */
export interface ShareIntent {
  focused: number | null
}
