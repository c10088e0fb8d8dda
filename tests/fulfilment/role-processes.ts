import path from 'path';
import { spawn, type ChildProcess } from 'child_process';

export interface RoleStatus {
  claims: number;
  renderer: string;
  browserPid: number | null;
  refusals: number | null;
  /** The plugin's cron jobs in that process, by name: their rule. */
  jobs: Record<string, string>;
}

export interface RoleProcess {
  child: ChildProcess;
  instanceId: string;
  /** Starts an order's dispatch as payment completion does. */
  go(orderId: number): void;
  status(): Promise<RoleStatus>;
  /** Whether it is running, how it ended otherwise, and the end of what it wrote to stderr: for a failed wait's message. */
  describe(): string;
  /** Shuts Strapi down (and its Chromium) and waits for the process to exit. */
  stop(): Promise<void>;
}

/** Boots tests/fulfilment/role-process.js with `env` (a SERVICE_ROLE among it) and resolves once it is READY. */
export function startRoleProcess(env: NodeJS.ProcessEnv): Promise<RoleProcess> {
  const child = spawn(process.execPath, [path.join(__dirname, 'role-process.js')], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiting: Array<(line: string) => boolean> = [];
  child.stderr!.on('data', (c) => (err += c));
  child.stdout!.on('data', (c) => {
    out += c;
    let newline;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      const index = waiting.findIndex((take) => take(line));
      if (index >= 0) waiting.splice(index, 1);
    }
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  const nextLine = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.push((line) => {
        if (!line.startsWith(prefix)) return false;
        resolve(line.slice(prefix.length));
        return true;
      });
      void exited.then((code) => reject(new Error(`role process exited (${code}) before "${prefix.trim()}": ${err}`)));
    });
  return nextLine('READY ').then((instanceId) => ({
    child,
    instanceId,
    go: (orderId: number) => void child.stdin!.write(`GO ${orderId}\n`),
    describe() {
      const state =
        child.exitCode === null && child.signalCode === null
          ? `running (pid ${child.pid})`
          : `exited (code ${child.exitCode}, signal ${child.signalCode})`;
      return `${state}; stderr: ${err.slice(-4000) || '(empty)'}`;
    },
    async status() {
      const line = nextLine('STATUS ');
      child.stdin!.write('STATUS\n');
      return JSON.parse(await line) as RoleStatus;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.write('STOP\n');
      const code = await exited;
      if (code !== 0) throw new Error(`role process stopped with ${code}: ${err}`);
    },
  }));
}
