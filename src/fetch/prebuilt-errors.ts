// Errors we hand to undici when we close a body or a dispatcher on purpose. Without one, undici
// builds a new error each time and Node's stream destroy formats its stack trace: in a profile of
// status probes under load that was about 5% of the main thread. Nobody reads these errors (the
// streams they reach have been given up), so one instance of each serves every fetch; they are
// of undici's own classes, so whatever classifies a closed stream sees what it saw before.
import { errors } from 'undici';

function prebuilt<E extends Error>(err: E): E {
  void err.stack; // formatted once here, not again by every stream destroy that reads it
  return err;
}

/** Ends a response body we do not read. */
export const BODY_DISCARDED = prebuilt(new errors.RequestAbortedError());
/** Closes a fetch's own agent or connection when the fetch is over. */
export const DISPATCHER_CLOSED = prebuilt(new errors.ClientDestroyedError());
