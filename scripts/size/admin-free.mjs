// `npm run size`, second half: an app that renders only <Inbox /> and <PreferencesPanel /> ships
// none of the admin-only records. Bundles scripts/size/app.js as an app's production build would
// and fails if a field name that only those records have is in it.
import { build } from 'esbuild';

const adminOnly = {
  Integration: ['apiKeyRequestHeader', 'phoneNumberIdentification', 'isNegated'],
  'Workflow / Step': ['_notificationGroupId', 'workflowIntegrationStatus', 'shouldStopOnFail', 'replyCallback'],
  'Subscriber (full record)': ['lastOnlineAt', '_integrationId'],
  'broadcast result': ['no_workflow_active_steps_defined'],
};

const result = await build({
  entryPoints: [new URL('./app.js', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
  define: { 'process.env.NODE_ENV': '"production"' },
  loader: { '.css': 'empty' },
  logLevel: 'error',
});
const bundle = result.outputFiles[0].text;
const found = Object.entries(adminOnly).flatMap(([record, fields]) => fields.filter((field) => bundle.includes(field)).map((field) => `${record}: ${field}`));
if (found.length > 0) {
  console.error(`Admin-only records reached the inbox bundle (${found.join(', ')}). Keep them out of what <Inbox /> imports.`);
  process.exit(1);
}
console.log(`No admin-only record in the inbox bundle (${Object.values(adminOnly).flat().length} field names checked, ${(bundle.length / 1024).toFixed(1)} kB minified).`);
