import { build } from 'esbuild';
const r = await build({ entryPoints: ['scripts/size/app.js'], bundle: true, minify: true, write: false, format: 'esm', metafile: true, outdir: '/tmp/metaout', external: ['react','react-dom','react/jsx-runtime','react-dom/client','@tanstack/react-query', './menus-*'], define: { 'process.env.NODE_ENV': '"production"' }, loader: { '.css': 'css' } });
const out = Object.values(r.metafile.outputs).find(o => o.entryPoint && o.entryPoint.endsWith('app.js'));
const rows = Object.entries(out.inputs).map(([k,v]) => [v.bytesInOutput, k]).sort((a,b)=>b[0]-a[0]);
for (const [b,k] of rows.slice(0,30)) console.log(b, k);
