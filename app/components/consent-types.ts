/**
 * What the visitor asked of the consent banner before its code arrived
 * (app/components/README.md, "Late-loaded widgets"): how many times Cookie
 * settings was pressed. The loaded banner opens again for each new press.
 */
export interface ConsentIntent {
  reopens: number
}
