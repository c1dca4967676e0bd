// What a worker thread tells the pool when it takes a task: the pool counts the task's time
// budget from then (pool.ts), not from when it handed the task to piscina, which may first have
// to start a worker (its modules and the token encoding load before it takes tasks).

export interface TaskStart {
  urlkitTaskStart: number;
}

/** A task as posted to a worker thread: with the id its start message carries. */
export interface Posted<T> {
  task: T;
  startId: number;
  /**
   * Epoch ms by which a worker must take the task (the item's deadline), if any. A worker that
   * takes it later answers TakenLate instead of running it: the pool cannot abort a task once
   * piscina has handed it to a worker without terminating that worker.
   */
  startBy?: number;
}

/** A worker's answer for a task it took after its startBy. */
export interface TakenLate {
  urlkitTakenLate: true;
}

export function isTakenLate(result: unknown): result is TakenLate {
  return typeof result === 'object' && result !== null && (result as Partial<TakenLate>).urlkitTakenLate === true;
}

export function isTaskStart(message: unknown): message is TaskStart {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as Partial<TaskStart>).urlkitTaskStart === 'number'
  );
}
