// Jest's module runtime, keeping what a file loads from node_modules for the next files of the same
// process (they share one context: tests/helpers/shared-environment.js). Strapi, knex, koa and the
// rest are then evaluated once per process instead of once per test file.
//
// Everything outside node_modules is still loaded fresh for each file, through that file's own
// runtime: the plugin (so its module state starts clean and coverage instruments it), the host app's
// compiled config, the tests and their helpers. A kept module's own `require` belongs to the runtime
// of the file that first loaded it, which jest tears down when that file ends; such a require (Strapi
// loading the plugin, a lazy require inside a library) is passed on to the current file's runtime.
const Runtime = require('jest-runtime').default;

const SHARING = process.env.GC_SHARED_MODULES !== 'off';
const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

/** Module path -> module object, for every node_modules module loaded in this process. */
const kept = new Map();
/** The runtime of the file now running. */
const running = { runtime: undefined };

class SharedRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    running.runtime = this;
  }

  requireModuleOrMock(from, moduleName) {
    const current = running.runtime;
    if (SHARING && current && current !== this) return current.requireModuleOrMock(from, moduleName);
    return super.requireModuleOrMock(from, moduleName);
  }

  requireModule(from, moduleName, options, isRequireActual = false) {
    if (!SHARING || !moduleName || options?.isInternalModule || this._resolution.isCoreModule(moduleName)) {
      return super.requireModule(from, moduleName, options, isRequireActual);
    }
    const current = running.runtime;
    if (current && current !== this) return current.requireModule(from, moduleName, options, isRequireActual);
    let modulePath;
    try {
      modulePath = this._resolution.resolveCjs(from, moduleName);
    } catch {
      return super.requireModule(from, moduleName, options, isRequireActual);
    }
    if (!IN_NODE_MODULES.test(modulePath)) return super.requireModule(from, moduleName, options, isRequireActual);
    const known = kept.get(modulePath);
    if (process.env.GC_SHARED_DEBUG) {
      SharedRuntime.stats[known ? 'hit' : 'miss'] += 1;
    }
    if (known) return known.exports;
    const exports = super.requireModule(from, moduleName, options, isRequireActual);
    const loaded = this.registries.getActiveCjsRegistry().get(modulePath);
    if (loaded && loaded.loaded !== false) kept.set(modulePath, loaded);
    return exports;
  }

  // Jest hands a file's coverage counters to its reporter as a deep copy, made by a generic copier:
  // every file boots the whole plugin, so that is the statement, branch and function maps of some 400
  // modules, about half a second and much garbage per file (8 % of an instrumented run's CPU, GC
  // aside). The copy guards counters that later files would go on incrementing; here each file starts
  // without them (shared-environment.js deletes them), so the file's own object can go as it is.
  getAllCoverageInfoCopy() {
    if (!SHARING) return super.getAllCoverageInfoCopy();
    return this._environment.global.__coverage__;
  }
}

SharedRuntime.stats = { hit: 0, miss: 0 };
if (process.env.GC_SHARED_DEBUG)
  process.on('exit', () => console.error('shared modules', SharedRuntime.stats, kept.size));
module.exports = SharedRuntime;
