/** The icons of a notification's own actions, which load with the menus (see `Icon`'s `d`). */
export const TOOL_ICONS = {
  archive: 'M4 4h16v4H4zM5 8v11h14V8M10 12h4',
  unarchive: 'M4 4h16v4H4zM5 8v11h14V8m-7 9v-6m-3 3 3-3 3 3',
  snooze: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5V12l3 2',
  delete: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6m4-6v6',
};
