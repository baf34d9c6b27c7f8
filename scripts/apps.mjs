#!/usr/bin/env node
// Builds or runs every front-end app that exists: the shell plus each `mfe-*` folder with a
// package.json (remotes added later are picked up without editing this file).
//   node scripts/apps.mjs build   production builds, two at a time
//   node scripts/apps.mjs dev     bff + shell + every remote dev server, hot reload
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHELL_PORT = Number(process.env.SHELL_PORT ?? 3000);
const BFF_PORT = Number(process.env.PORT ?? 8080);

/** Remote folders in a stable order, with their Module Federation name (mfe-account → mfe_account). */
function remotes() {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith('mfe-') && existsSync(path.join(root, d.name, 'package.json')))
    .map((d) => d.name)
    .sort()
    .map((folder) => ({
      folder,
      name: folder.replace(/-/g, '_'),
      scripts: JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')).scripts ?? {},
    }));
}

function run(args, env = {}, label = args.join(' ')) {
  const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = `[${label}] `;
  const pipe = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return child;
}

function wait(child) {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

/** Production builds (and the music library's beds), two at a time (one per core: the builds are CPU-bound). */
async function build() {
  const apps = [
    // The media engine's music library: beds composed and encoded once, served by the bff.
    'packages/media',
    'shell',
    ...remotes()
      .filter((r) => r.scripts.build)
      .map((r) => r.folder),
  ];
  const queue = [...apps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const code = await wait(run(['run', 'build', '-w', app], {}, app));
      if (code !== 0) {
        console.error(`build of ${app} failed`);
        process.exit(code);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  console.log(`built: ${apps.join(', ')}`);
}

function dev() {
  const list = remotes().filter((r) => r.scripts.dev);
  const ports = new Map(list.map((r, i) => [r.folder, SHELL_PORT + 1 + i]));
  // The bff serves /remotes.json pointing at the remotes' dev servers, and builds links for the
  // shell's dev server (OAuth and e-mail links land there).
  const remotesConfig = list.map((r) => `${r.name}=http://127.0.0.1:${ports.get(r.folder)}/mf-manifest.json`).join(',');
  const children = [
    run(
      ['run', 'dev', '-w', 'bff'],
      { REMOTES: remotesConfig, APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${SHELL_PORT}`, PORT: String(BFF_PORT) },
      'bff',
    ),
    run(['run', 'dev', '-w', 'shell'], { SHELL_PORT: String(SHELL_PORT), BFF_URL: `http://127.0.0.1:${BFF_PORT}` }, 'shell'),
    ...list.map((r) =>
      run(['run', 'dev', '-w', r.folder], { DEV_PORT: String(ports.get(r.folder)), BFF_URL: `http://127.0.0.1:${BFF_PORT}` }, r.folder),
    ),
  ];
  console.log(
    `studio dev: open http://127.0.0.1:${SHELL_PORT} (bff on ${BFF_PORT}; ${list.map((r) => `${r.folder} on ${ports.get(r.folder)}`).join(', ')})`,
  );
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const child of children) child.on('exit', (code) => code && code !== 0 && console.error(`a dev process exited with ${code}`));
}

const command = process.argv[2];
if (command === 'build') await build();
else if (command === 'dev') dev();
else {
  console.error('usage: node scripts/apps.mjs build|dev');
  process.exit(2);
}
