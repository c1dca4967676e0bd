// Builds the process's Admission from the settings: the limit floats between two calls per
// worker thread (enough to keep every worker fed while others fetch) and URLKIT_MAX_IN_FLIGHT.
import type { Config } from '../config/config.js';
import { Admission, type AdmissionObserver, type CapacitySource } from './admission.js';

export function admissionFromConfig(config: Config, capacity: CapacitySource | undefined, observer?: AdmissionObserver): Admission {
  return new Admission({
    maxConcurrency: config.maxInFlight,
    minConcurrency: 2 * config.workerThreads,
    initialConcurrency: 4 * config.workerThreads,
    queueMax: config.admissionQueueMax,
    queueTimeoutMs: config.admissionQueueTimeoutMs,
    capacity,
    ...(observer ? { observer } : {}),
  });
}
