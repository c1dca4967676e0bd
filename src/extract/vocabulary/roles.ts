/** Roles that mark boilerplate landmarks. */
export const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
  'toolbar',
  'note',
]);
export const INDEX_DROPPED_ROLES = new Set(['dialog', 'alertdialog', 'search']);
export const INDEX_CHROME_ROLES = new Set(['banner', 'contentinfo']);
export const NAVIGATION_ROLES = new Set(['navigation', 'menu', 'menubar']);
