import { build } from 'esbuild';
import { gzipSync } from 'zlib';
const entry = process.argv[2] ?? 'scripts/size/app.js';
const ext = process.argv[3] === 'client' ? [] : ['react','react-dom','react/jsx-runtime','react-dom/client'];
const r = await build({ entryPoints:[entry], bundle:true, minify:true, write:false, metafile:true, format:'esm', external:ext, define:{'process.env.NODE_ENV':'"production"'}, outdir:'/tmp/metaout', loader:{'.css':'css'} , logLevel:'error'});
const groups = {};
for (const [out, o] of Object.entries(r.metafile.outputs)) for (const [inp, v] of Object.entries(o.inputs)) {
  let k = process.env.RAW ? inp : inp.replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+).*/, 'nm:$1').replace(/^dist\//,'dist/');
  groups[k] = (groups[k] ?? 0) + v.bytesInOutput;
}
let tot=0; for (const f of r.outputFiles) { tot += f.contents.length; console.log(f.path, f.contents.length, gzipSync(f.contents).length); }
Object.entries(groups).sort((a,b)=>b[1]-a[1]).slice(0,70).forEach(([k,v])=>console.log(String(v).padStart(7), k));
