import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// `npm run dev`: the Bun server in watch mode on API_PORT (3001) and Vite's dev server on PORT (3000), proxying /graphql.
const root = fileURLToPath(new URL('../..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('bun', ['--watch', 'api/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
