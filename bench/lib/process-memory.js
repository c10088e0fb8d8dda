// Memory of a process tree read from Linux /proc, by the benchmark's own process: reading it from inside
// the measured Strapi process counted the reads (and the kernel's page-table walks for PSS) in that
// process's CPU per e-card. Measured on 2026-12-02, a 1,000-e-card send: 2.8 % of the Strapi process's
// profile was this sampling.
'use strict';
const fs = require('fs');
// The same walk of /proc that the two-machine test kills a machine's tree with.
const { descendantsOf } = require('../../tests/fulfilment/machines');

/** Each root's tree as last found (the benchmark samples one per instance). */
const knownTrees = new Map();

/**
 * Memory of a process and all its descendants, in bytes (Linux /proc): the sum of their RSS (counts the
 * Chromium binary and libraries once per process, so it reads about 900 MB high) and, when `withPss`,
 * their PSS (shared pages split between the processes sharing them: the memory they really take).
 * PSS costs the kernel a walk of each process's page tables, so it is sampled less often.
 */
function treeMemory(rootPid, withPss) {
  if (!rootPid) return { rss: 0, pss: null };
  // Finding the tree reads every process's stat file (9 s of CPU over a 300-card send on a busy machine,
  // when this ran inside Strapi's process). The tree is found again every 2 s.
  const known = knownTrees.get(rootPid);
  const tree = known && Date.now() - known.at < 2000 ? known.pids : findTree(rootPid);
  return treeSum(tree, withPss);
}

function findTree(rootPid) {
  const tree = new Set([rootPid, ...descendantsOf(rootPid)]);
  knownTrees.set(rootPid, { at: Date.now(), pids: tree });
  return tree;
}

function treeSum(tree, withPss) {
  let rss = 0;
  let pss = withPss ? 0 : null;
  for (const pid of tree) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) rss += Number(m[1]) * 1024;
      if (withPss) {
        const p = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
        if (p && pss !== null) pss += Number(p[1]) * 1024;
      }
    } catch {
      // gone
    }
  }
  return { rss, pss };
}

module.exports = { treeMemory };
