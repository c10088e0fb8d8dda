// A round-robin load balancer on loopback in front of several web instances, for the scaling
// benchmarks: http-proxy (not a balancer of our own), keep-alive connections to the instances, and
// X-Forwarded-For so each shopper keeps its own address for the rate limits.
'use strict';
const http = require('http');
const httpProxy = require('http-proxy');

/** Listens on `port` (0: any free one) of 127.0.0.1 and spreads requests over `targets` in turn: { url, stop() }. */
async function startBalancer(targets, port = 0) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = httpProxy.createProxyServer({ agent, xfwd: true });
  let next = 0;
  proxy.on('error', (error, req, res) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ detail: `balancer: ${error.message}` }));
  });
  const server = http.createServer((req, res) => {
    const target = targets[next];
    next = (next + 1) % targets.length;
    proxy.web(req, res, { target });
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)));
  return {
    url: `http://127.0.0.1:${/** @type {import('net').AddressInfo} */ (server.address()).port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
      agent.destroy();
    },
  };
}

module.exports = { startBalancer };
