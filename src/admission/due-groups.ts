// Waiters' own deadlines, kept by one timer per moment rather than one per waiter. The items of
// a batch chunk share their deadline (the chunk's start plus the URLs' `timeout`), so under a
// batched attack dozens of waiters for a worker give up in the same millisecond: a timer, an
// AbortController with its listeners, and an error each, made and torn down together, were the
// burst's cost. Waiters due in the same millisecond share a group: one timer, and one call of
// `onDue` with those of them still waiting (which can then build one error for them all).

/** A waiter with a deadline: the millisecond its group is due, null when it is in none. */
export interface DueMember {
  dueGroup: number | null;
}

export class DueGroups<T extends DueMember> {
  private readonly groups = new Map<number, { members: Set<T>; timer: NodeJS.Timeout }>();

  /** @param onDue called once per group that comes due, with its members still in it */
  constructor(private readonly onDue: (waiters: T[]) => void) {}

  /** Groups with a pending timer. */
  get pending(): number {
    return this.groups.size;
  }

  /** Gives `waiter` the deadline `dueAt` (epoch ms, as Date.now()). */
  add(waiter: T, dueAt: number): void {
    const at = Math.ceil(dueAt);
    let group = this.groups.get(at);
    if (!group) {
      // Referenced: a caller waits on this deadline.
      const timer = setTimeout(() => this.fire(at), Math.max(0, at - Date.now()));
      group = { members: new Set<T>(), timer };
      this.groups.set(at, group);
    }
    group.members.add(waiter);
    waiter.dueGroup = at;
  }

  /** Takes `waiter` out of its group (served, or gone); the last one out stops the group's timer. */
  remove(waiter: T): void {
    const at = waiter.dueGroup;
    if (at === null) return;
    waiter.dueGroup = null;
    const group = this.groups.get(at);
    if (!group) return;
    group.members.delete(waiter);
    if (group.members.size > 0) return;
    clearTimeout(group.timer);
    this.groups.delete(at);
  }

  private fire(at: number): void {
    const group = this.groups.get(at);
    if (!group) return;
    this.groups.delete(at);
    const due = [...group.members];
    for (const w of due) w.dueGroup = null;
    this.onDue(due);
  }
}
