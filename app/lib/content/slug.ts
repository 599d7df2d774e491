/** "How we work" -> "how-we-work": lower case, each run of other characters one hyphen, none at the ends. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
