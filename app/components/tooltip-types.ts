/**
 * What the visitor did with a tooltip's control while the tooltip's code
 * loaded (docs/decisions/012-load-on-first-use.md): when the pointer or
 * focus first asked for it, and whether the control has keyboard focus now.
 * LazyTooltip records it; LoadedTooltip carries it over.
 */
export interface WakeUp {
  at: number
  focused: boolean
}
