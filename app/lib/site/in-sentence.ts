/**
 * A title-case name as it reads inside a sentence: "Omnichannel Marketing" is
 * "omnichannel marketing", and a word of more than one capital keeps them, so
 * "AI Automation" is "AI automation", not "ai automation". For the names of
 * the site's own things (services, menus, series); a proper noun among them
 * would need its own rule.
 */
export function inSentence(name: string): string {
  return name.replace(/\p{L}+/gu, (word) => (/\p{Lu}.*\p{Lu}/u.test(word) ? word : word.toLowerCase()))
}

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
