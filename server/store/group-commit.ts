import type { NewLead } from './store.ts'

/** How one lead of a batch went: stored (or found by its idempotency key), or refused alone. */
export type InsertOutcome = { ok: true; value: { id: string; created: boolean } } | { ok: false; error: string }

/**
 * Group commit (docs/decisions/018-leads-in-sqlite-group-commit.md): a lead to
 * insert is queued; the queue goes to `commitBatch` as one transaction as soon
 * as no other batch is under way (or on the next turn of the event loop when
 * none is), at most `maxBatch` leads at a time. While one batch commits, the
 * next fills up, so a burst of submissions shares few commits. Each caller's
 * promise settles after the commit of its batch. Both stores use it.
 */
export function groupCommit(commitBatch: (items: NewLead[]) => Promise<InsertOutcome[]>, maxBatch: number) {
  interface Queued {
    item: NewLead
    resolve: (value: { id: string; created: boolean }) => void
    reject: (error: unknown) => void
  }
  let queue: Queued[] = []
  let committing: Promise<void> | null = null
  let scheduled = false

  function commitQueued() {
    scheduled = false
    if (committing || queue.length === 0) return
    const batch = queue.slice(0, maxBatch)
    queue = queue.slice(maxBatch)
    committing = commitBatch(batch.map((queued) => queued.item))
      .then(
        (outcomes) =>
          batch.forEach((queued, index) => {
            const outcome = outcomes[index]!
            if (outcome.ok) queued.resolve(outcome.value)
            else queued.reject(new Error(outcome.error))
          }),
        // The commit itself failed (disk full, I/O error, connection lost): nothing of the batch is stored.
        (error: unknown) => batch.forEach((queued) => queued.reject(error)),
      )
      .finally(() => {
        committing = null
        // What queued up during this commit goes at once, as the next group.
        commitQueued()
      })
  }

  return {
    insert(item: NewLead): Promise<{ id: string; created: boolean }> {
      return new Promise((resolve, reject) => {
        queue.push({ item, resolve, reject })
        if (!committing && !scheduled) {
          scheduled = true
          setImmediate(commitQueued)
        }
      })
    },
    /** Commits everything queued; resolves when the last batch is done. */
    async flush() {
      while (committing || queue.length > 0) {
        commitQueued()
        await committing
      }
    },
  }
}
