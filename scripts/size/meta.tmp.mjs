import { build } from 'esbuild';
import { gzipSync } from 'zlib';
const r = await build({ entryPoints: ['scripts/size/app.js'], bundle: true, minify: true, write: false, format: 'esm', metafile: true, outdir: '/tmp/metaout', external: ['react','react-dom','react/jsx-runtime','react-dom/client','@tanstack/react-query', './menus-*'], define: { 'process.env.NODE_ENV': '"production"' }, loader: { '.css': 'css' } });
for (const f of r.outputFiles) console.log(f.path, f.contents.length, gzipSync(f.contents, {level: 9}).length);
