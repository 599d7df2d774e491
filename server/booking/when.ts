/**
 * A call's time in words, on the clock of `timeZone`, for mails and the CLI:
 * "Wednesday, December 2, 2026, 3:00 PM to 3:30 PM Central European Standard
 * Time (Europe/Berlin)". US English, as the site's copy; plain spaces (ICU
 * puts a narrow one before AM and PM).
 */
export function callTimeInWords(start: string, end: string, timeZone: string): string {
  const date = format(start, timeZone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })
  const from = format(start, timeZone, { hour: 'numeric', minute: '2-digit' })
  const to = format(end, timeZone, { hour: 'numeric', minute: '2-digit' })
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
      .formatToParts(new Date(start))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  return `${date}, ${from} to ${to} ${zone} (${timeZone})`
}

/** Short, for a list: "Wed, Dec 2, 2026, 9:00 AM". */
export function callTimeShort(start: string, timeZone: string): string {
  return format(start, timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

/** A time of day on the clock of `timeZone`, with its zone: "3:30 PM CET". */
export function clockTime(instant: string, timeZone: string): string {
  return format(instant, timeZone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
}

function format(instant: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ')
}
