// Jest's node environment, with one global (one vm context) for every test file a process runs, so
// that the node_modules a file loads can be kept for the next file (tests/helpers/shared-runtime.js).
//
// Why: nearly every file boots a real Strapi, and jest evaluates a module again for each file: about
// 3,700 modules, two of a boot's three seconds (five or more with coverage). Kept, a boot takes about
// one second. Sharing modules needs a shared context: objects made by Strapi's modules (a Date, an
// Error) must be of the same realm as the test's and the plugin's code, or `instanceof` fails between
// them. What each file still gets fresh: jest's globals (describe, expect), its fake timers and mocks,
// process.env as it was when the run started, the coverage counters, and every module that is not
// under node_modules (the plugin, the host app, the tests).
//
// GC_SHARED_MODULES=off runs jest's own environment, one context per file, to compare or to rule
// this out when a test behaves differently here than alone.
const { TestEnvironment } = require('jest-environment-node');

const fromEnvironment = (name) => require(require.resolve(name, { paths: [require.resolve('jest-environment-node')] }));
const { ModuleMocker } = fromEnvironment('jest-mock');
const { LegacyFakeTimers, ModernFakeTimers } = fromEnvironment('@jest/fake-timers');

const SHARING = process.env.GC_SHARED_MODULES !== 'off';

/** The first file's context, kept for the rest of the process; with what to restore per file. */
let shared;

function restoreEnv(env, snapshot) {
  for (const key of Object.keys(env)) if (!(key in snapshot)) delete env[key];
  Object.assign(env, snapshot);
}

// jest-circus keeps its state on the global: its event handlers under Symbol.for('EVENT_HANDLERS'), an
// array it reuses when the global already has one, and the file's tests under a Symbol('JEST_STATE_SYMBOL')
// of its own module (a new symbol for every file). On a shared global both outlived their file: each
// file added its four handlers to the one array, and every event of every later file (a test starting,
// a hook ending) called all of them, with the old files' whole state kept alive. The heap after a full
// GC grew by about 10 MB a file and a file that took 2 s in a new process took 10 to 30 s after fifty
// others. Each file starts without them; jest-circus makes its own when the file loads it.
const EVENT_HANDLERS = Symbol.for('EVENT_HANDLERS');
function forgetEarlierFiles(global) {
  delete global[EVENT_HANDLERS];
  for (const key of Object.getOwnPropertySymbols(global)) {
    if (key.description === 'JEST_STATE_SYMBOL') delete global[key];
  }
}

// Every AsyncLocalStorage that has held a store stays on Node's list of storages until it is disabled,
// and Node walks that whole list for every promise the process makes. jest-circus makes one for each
// file (a module it loads per file), and nothing disables it: after fifty files each promise paid for
// fifty storages, a quarter of a file's CPU went to async_hooks' _propagate, and a Strapi file that took
// 2 s early in a process took 10 s there. Each storage used during a file is disabled when the file
// ends. For one that lives on, kept with node_modules (Strapi's request and transaction contexts), that
// only empties it between files; its next run() enables it again.
const { AsyncLocalStorage } = require('async_hooks');
const usedStorages = new Set();
for (const method of ['run', 'enterWith']) {
  const original = AsyncLocalStorage.prototype[method];
  AsyncLocalStorage.prototype[method] = function recordUse(...args) {
    usedStorages.add(this);
    return original.apply(this, args);
  };
}
function disableUsedStorages() {
  for (const storage of usedStorages) storage.disable();
  usedStorages.clear();
}

class SharedEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (!SHARING) return;
    const { projectConfig } = config;
    if (!shared) {
      shared = {
        context: this.context,
        global: this.global,
        env: { ...this.global.process.env },
        exit: this.global.process.exit,
        globalProxy: this._globalProxy,
      };
    } else {
      // Drop the context jest has just made for this file and take the shared one, with new timers
      // and mocks on it (as jest-environment-node's constructor makes them).
      this.context = shared.context;
      this.global = shared.global;
      this.moduleMocker = new ModuleMocker(this.global);
      this.fakeTimers = new LegacyFakeTimers({
        config: projectConfig,
        global: this.global,
        moduleMocker: this.moduleMocker,
        timerConfig: {
          idToRef: (id) => ({
            id,
            ref() {
              return this;
            },
            unref() {
              return this;
            },
          }),
          refToId: (timer) => timer?.id,
        },
      });
      this.fakeTimersModern = new ModernFakeTimers({ config: projectConfig, global: this.global });
    }
    // Jest's global proxy remembers every value a property of the global had before its last one (Strapi
    // sets `global.strapi` at each boot) until its teardown, which the shared context never gets: each
    // file's whole Strapi, with its plugin and database, stayed reachable from that list for the rest of
    // the process. Only the current values are kept.
    if (shared.globalProxy?.leftovers) shared.globalProxy.leftovers.length = 0;
    forgetEarlierFiles(this.global);
    restoreEnv(this.global.process.env, shared.env);
    // jest wraps process.exit for each file; undo the last file's wrapper first.
    this.global.process.exit = shared.exit;
    // Counters of the files instrumented for coverage: this file's only (jest reads them after it).
    delete this.global.__coverage__;
  }

  async teardown() {
    disableUsedStorages();
    if (!SHARING) return super.teardown();
    // Not jest's teardown, which empties the global of everything set on it: the next file uses it.
    this.fakeTimers?.dispose();
    this.fakeTimersModern?.dispose();
    this.context = null;
    this.fakeTimers = null;
    this.fakeTimersModern = null;
  }
}

module.exports = SharedEnvironment;
