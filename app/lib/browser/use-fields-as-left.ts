import { useLayoutEffect, type RefObject } from 'react'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** Whether the visitor changed `field` from what the page was sent with. */
function changedByVisitor(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected)
  if (field.type === 'checkbox' || field.type === 'radio')
    return (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked
  return field.value !== field.defaultValue
}

/**
 * Takes what the visitor typed or chose in an island's fields before it woke
 * (app/directives/README.md). An island that wakes on interaction is HTML
 * while its code arrives, and the visitor goes on typing into it; hydration
 * keeps the fields as the visitor left them, but a controlled field's state
 * starts from the value the page was sent with, and the first render after
 * waking would write that back over what was typed. This reads each named
 * field under `root` once, as the island wakes and before that render, and
 * hands the ones the visitor changed, by name, to `take`, which sets the island's state
 * to them: the field keeps its text, caret and selection, and the island acts
 * on all of it. Uncontrolled fields (`defaultValue`) need none of this.
 */
export function useFieldsAsLeft(
  root: RefObject<HTMLElement | null>,
  take: (changed: Readonly<Record<string, string>>) => void,
) {
  // A layout effect: it runs in the commit that ends hydration, before any render that follows it.
  useLayoutEffect(() => {
    const fields = root.current?.querySelectorAll<Field>('input[name], textarea[name], select[name]') ?? []
    const changed = Object.fromEntries(
      [...fields].filter((field) => changedByVisitor(field)).map((field) => [field.name, field.value]),
    )
    if (Object.keys(changed).length > 0) take(changed)
    // Once, as the island wakes: what the visitor does afterwards reaches it through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
