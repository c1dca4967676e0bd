#!/bin/sh
# Starts Chromium never above the service's CPU priority, and URLKIT_BROWSER_NICE below it
# (src/browser/lowered-launch.ts, which sets the variables): Playwright runs this in place of the
# browser, with the browser's arguments.
#   URLKIT_CHROMIUM_PATH       the browser
#   URLKIT_CHROMIUM_NICE_STEP  added to every thread's nice value (nice -n)
#   URLKIT_CHROMIUM_AUTOGROUP  the nice value of this session's autogroup, where the kernel has them
# Playwright starts the browser in a session of its own. Under the kernel's autogroups the
# processes of a session share the CPU with the service's session as one group, whatever their
# threads' nice values, so the group is lowered as much. Without CAP_SYS_NICE (dropped from the
# bounding set where this runs with it: root outside a container) the browser cannot set its
# renderers' threads below the nice value they start with, as it otherwise does (a page's main
# thread to -8). Each step that the system refuses is skipped; the browser starts regardless.
if [ -n "${URLKIT_CHROMIUM_AUTOGROUP:-}" ]; then
  { echo "$URLKIT_CHROMIUM_AUTOGROUP" > /proc/self/autogroup; } 2> /dev/null
fi
if setpriv --bounding-set=-sys_nice true 2> /dev/null; then
  exec nice -n "$URLKIT_CHROMIUM_NICE_STEP" setpriv --bounding-set=-sys_nice -- "$URLKIT_CHROMIUM_PATH" "$@"
fi
exec nice -n "$URLKIT_CHROMIUM_NICE_STEP" "$URLKIT_CHROMIUM_PATH" "$@"
