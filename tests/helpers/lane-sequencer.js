// Jest's own order (failed first, then slowest or largest first), reversed when TEST_ORDER=reverse.
// CI runs the SQLite and PostgreSQL passes side by side on two cores: in the same order both would
// start with the browser tests (the admin panel, the editor journey) at once, four Chromiums on two
// cores, each pass then twice as slow there. Reversed, the PostgreSQL pass meets them last.
const Sequencer = require('@jest/test-sequencer').default;

class LaneSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return process.env.TEST_ORDER === 'reverse' ? [...sorted].reverse() : sorted;
  }
}

module.exports = LaneSequencer;
