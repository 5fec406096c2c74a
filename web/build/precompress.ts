/**
 * A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so
 * that the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
 * every request or sending them uncompressed. Uses Node's own zlib: nothing to install.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this size the copies save nothing worth a second file.
const MIN_BYTES = 512;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, after the other plugins' own builds have written their files (the service worker, vite.config.ts).
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const data = fs.readFileSync(file);
          if (data.length < MIN_BYTES) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
