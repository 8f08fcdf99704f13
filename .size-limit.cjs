// `npm run size`: what the kit adds to an app, gzipped. react and react-dom are the app's own;
// everything else the kit brings is counted: its code (schemas included), zod,
// @tanstack/react-query and the CSS. An app's production build: externals as listed, and
// NODE_ENV=production (drops libraries' dev-only code).
const external = (names) => (config) => ({ ...config, external: names, define: { ...config.define, 'process.env.NODE_ENV': '"production"' } });
const app = 'scripts/size/app.js';

module.exports = [
  {
    name: '<Inbox /> + <PreferencesPanel />: kit, zod, @tanstack/react-query and CSS',
    path: app,
    gzip: true,
    // 40 kB until server rendering (issue 12: +0.1 kB over) and the design fixes of issue 13 (the
    // unseen badge, the empty-state illustration, per-block text direction, initials colours,
    // hideTitle, the preferences matrix: +1.5 kB; the embedded height following the page, a
    // notification's own root, the header's wrapping, the host's scheme read at run time: +0.6 kB);
    // then the request budget of issue 14 (one poller across tabs, what a count brings written into
    // the feeds, growing pages with their shift, mark-all settled locally): +1.5 kB; and issue 15's
    // defences (long content behind "Show more", spoofing characters removed, paging that ends on
    // repeated answers, a re-sent broadcast's key kept, the store's race fixes): +0.8 kB; a short list
    // rendered whole with a sentinel for infinite scroll (first paint): +0.1 kB; the poller election
    // in a module of its own (review): +0.03 kB; first paint's cuts (rows rendered once, their own
    // clock only when alone, the popover placed from the click) and lost changes read afresh in
    // every tab, kept marked through the kit's own writes: +0.2 kB; the review's fixes (a failed
    // seen mark not re-sent at once, "Try again" after a failed refetch, placement by the bell's
    // side, the formatter made when idle): +0.05 kB; a shared ref-effect hook for the two watchers
    // that start from a ref (review): +0.01 kB; only a tab with something that polls stands for the
    // poller, and seen-on-view batching in a module of its own: +0.05 kB; a notification marked unread
    // on another device shown so from the count, and a count another tab asked for before a change
    // this tab knows of not applied: +0.09 kB; the review's fixes (no count absorbed during a mark-all,
    // fetches begun before the store listened tracked too): +0.08 kB; the second review's (an older
    // count never undoes a newer count or a feed asked for later, a cancelled count stops being
    // tracked, the end of a mark-all counted as a change): +0.12 kB; the third review's (a clock set
    // back, tabs counting at once, an app's own key hashing) and the fourth's (the badge kept on the
    // newer of two counts, a feed time ahead of the clock): +0.08 kB; a change with no clear answer
    // sent again under its key before the next change to the same thing, and mark-all ordered with
    // the marks around it (CI's chaos run lost an intent to a late-landing mark): +0.3 kB.
    limit: '45.7 kB',
    modifyEsbuildConfig: external(['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']),
  },
  {
    name: 'the same without @tanstack/react-query (for an app that already has it)',
    path: app,
    gzip: true,
    // 29 kB until the deployed service's message actions and mark-all (issue 11): +0.3 kB; and the
    // design fixes of issue 13: +2.1 kB; the request budget of issue 14: +1.5 kB; issue 15's defences:
    // +0.8 kB; a short list rendered whole (first paint): +0.1 kB; the poller in its own module: +0.02 kB;
    // first paint's cuts and lost changes read afresh in every tab: +0.2 kB; the review's fixes: +0.1 kB;
    // only a tab with something that polls stands for the poller: +0.05 kB; unread elsewhere, and a
    // count asked for before a change this tab knows of not applied: +0.1 kB; the review's fixes: +0.08 kB;
    // the second review's: +0.12 kB; the third and fourth reviews': +0.08 kB; a change with no clear
    // answer sent again before the next, and mark-all ordered with the marks around it: +0.5 kB.
    limit: '35.2 kB',
    modifyEsbuildConfig: external(['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query']),
  },
  {
    // Budget 11 kB; zod's core for the spec's records is about 6 kB of this (see the README).
    // markAction and markAll (issue 11) added 0.4 kB.
    name: 'inbox-kit/client alone (createInboxClient, with zod)',
    path: 'dist/client.js',
    import: '{ createInboxClient }',
    gzip: true,
    // Server rendering (a relative baseUrl is checked at request time): +0.1 kB.
    limit: '12.7 kB',
    modifyEsbuildConfig: external([]),
  },
];
