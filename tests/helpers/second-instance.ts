import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import supertest from 'supertest';

// A second Strapi instance on the same database as the test's own, in a process of its own
// (tests/admin/settings-instance-worker.js): what two instances of a shop see of each other's writes.

export interface SecondInstance {
  child: ChildProcess;
  http: () => supertest.Agent;
}

/**
 * Starts the second instance with the test process's environment, `env` laid over it (the database's
 * variables and the plugin's settings), listening on a free local port; resolves once it says READY.
 */
export function startSecondInstance(env: NodeJS.ProcessEnv): Promise<SecondInstance> {
  const child = spawn(process.execPath, [path.join(__dirname, '../admin/settings-instance-worker.js')], {
    env: { ...process.env, ...env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += c;
      const ready = /READY (\S+)\n/.exec(out);
      if (ready) resolve({ child, http: () => supertest.agent(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`second instance exited (${code}): ${err}`)));
  });
}

/** Stops it (closing its stdin makes the worker shut Strapi down) and waits for its process to end. */
export async function stopSecondInstance(instance: SecondInstance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.stdin!.end();
  await exited;
}
