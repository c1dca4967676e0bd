/** Three replies of a travel forum's thread, each a sentence or two of prose: the text of the
 *  posts that the thread tests build (post headers, post authors). */
export const THREAD_SAYINGS = [
  'We have travelled a lot in Europe but never in Japan, and we would like advice on the route, the rail pass and ' +
    'the hotels for three weeks in April.',
  'Kyoto deserves three days at least, and the castle in Himeji is worth the morning train ride from there, ' +
    'whatever the weather does.',
  'Book the rail pass before you go; the ticket offices at the airport have long queues in spring, when everyone ' +
    'arrives at once.',
];
