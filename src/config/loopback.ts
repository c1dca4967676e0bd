// Whether a bind address is reachable only from this machine: the rate-limit default and the
// start-up exposure warning both depend on it.
import ipaddr from 'ipaddr.js';

/** True for a bind address that only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackBind(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(h)) return false;
  const addr = ipaddr.process(h); // IPv4-mapped IPv6 becomes IPv4
  return addr.range() === 'loopback';
}
