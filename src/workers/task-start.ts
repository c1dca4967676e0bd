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
}

export function isTaskStart(message: unknown): message is TaskStart {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as Partial<TaskStart>).urlkitTaskStart === 'number'
  );
}
