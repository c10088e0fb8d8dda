// CPU time spent by processes, read from /proc (Linux): what a piece of work cost the machine, whatever
// else the machine was doing at the time. On a shared, noisy machine, requests per second move with the
// neighbours' load; the CPU one request takes moves much less (measured: see docs/performance.md).
'use strict';
const fs = require('fs');
const { execFileSync } = require('child_process');

let ticksPerSecond = null;
function ticks() {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User and system (kernel) CPU of one process, all its threads, in milliseconds (0 if it is gone or not Linux). */
function processCpuSplit(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields counted from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: (Number(fields[11]) * 1000) / ticks(), system: (Number(fields[12]) * 1000) / ticks() };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** User + system CPU of one process, all its threads, in milliseconds (0 if it is gone or not Linux). */
function processCpuMs(pid) {
  const { user, system } = processCpuSplit(pid);
  return user + system;
}

/**
 * The PostgreSQL server processes that serve `database` (a backend's title names its database:
 * "postgres: 15/main: <user> <database> 127.0.0.1(port) idle"), by pid.
 */
function postgresBackends(database) {
  const pids = [];
  let entries = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (title.startsWith('postgres:') && title.split(' ').includes(database)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * A meter of the CPU the app's servers and (on PostgreSQL) the database's backends spend: `start()`
 * then `stop()` gives { app_ms, app_system_ms (the kernel's part of app_ms: sockets, files), database_ms }.
 * Backends that connect during the window count from 0; one that disconnects during it is lost (the pool
 * keeps its connections through a pass).
 */
function cpuMeter({ pids, database }) {
  const read = () => {
    // Each server's /proc entry read once: its total and its kernel part from the same reading.
    const servers = pids.map(processCpuSplit);
    const backends = database ? postgresBackends(database) : [];
    return {
      app: servers.reduce((sum, cpu) => sum + cpu.user + cpu.system, 0),
      appSystem: servers.reduce((sum, cpu) => sum + cpu.system, 0),
      backends: new Map(backends.map((pid) => [pid, processCpuMs(pid)])),
    };
  };
  let before = null;
  return {
    start() {
      before = read();
    },
    stop() {
      const after = read();
      let database_ms = 0;
      for (const [pid, ms] of after.backends) database_ms += ms - (before.backends.get(pid) ?? 0);
      return { app_ms: after.app - before.app, app_system_ms: after.appSystem - before.appSystem, database_ms };
    },
  };
}

module.exports = { cpuMeter, processCpuMs };
