// `npm run size`: what the kit adds to an app, gzipped. react and react-dom are the app's own;
// everything else the kit brings is counted: its code (schemas included), @tanstack/react-query and the CSS.
// An app's production build: externals as listed, and NODE_ENV=production (drops libraries' dev-only code).
const external = (names) => (config) => ({ ...config, external: names, define: { ...config.define, 'process.env.NODE_ENV': '"production"' } });
const app = 'scripts/size/app.js';

module.exports = [
  {
    name: '<Inbox /> + <PreferencesPanel />: kit, @tanstack/react-query and CSS',
    path: app,
    gzip: true,
    limit: '30 kB',
    modifyEsbuildConfig: external(['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']),
  },
  {
    name: 'the same without @tanstack/react-query (for an app that already has it)',
    path: app,
    gzip: true,
    limit: '20 kB',
    modifyEsbuildConfig: external(['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', '@tanstack/react-query']),
  },
  {
    name: 'inbox-kit/client alone',
    path: 'dist/client.js',
    import: '{ createInboxClient }',
    gzip: true,
    limit: '8 kB',
    modifyEsbuildConfig: external([]),
  },
];
