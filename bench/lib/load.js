// One load run with autocannon: N connections for D seconds against one URL, summarised.
'use strict';
const autocannon = require('autocannon');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION = Number(process.env.BENCH_DURATION || 8);

/**
 * Runs the load and returns requests per second, latency percentiles and what came back. A run only
 * counts answers with the expected status; anything else is reported as errors.
 */
async function measure(url, { headers = {}, expectStatus = 200, connections = CONNECTIONS, duration = DURATION } = {}) {
  const seen = {};
  const instance = autocannon({ url, connections, duration, headers });
  instance.on('response', (_client, status) => {
    seen[status] = (seen[status] || 0) + 1;
  });
  const result = await instance;
  const good = seen[expectStatus] || 0;
  const total = Object.values(seen).reduce((a, b) => a + b, 0);
  return {
    url,
    connections,
    duration_s: duration,
    requests_per_s: result.requests.average,
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    bytes_per_response: total ? Math.round(result.throughput.total / total) : 0,
    statuses: seen,
    errors: total - good + result.errors + result.timeouts,
  };
}

module.exports = { measure, CONNECTIONS, DURATION };
